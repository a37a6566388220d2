#!/bin/sh
# Takes longer than the whole-run time limit.
sleep 10
