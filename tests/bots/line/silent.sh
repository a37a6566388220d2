#!/bin/sh
# Never names itself.
sleep 10
