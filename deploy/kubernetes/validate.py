#!/usr/bin/env python3
"""Validates every manifest under deploy/kubernetes without a cluster, and prints them as JSON.

Each YAML document is checked against its schema: Kubernetes' own kinds with the
`kubernetes-validate` package (PyPI), strictly (unknown fields are errors), for the Kubernetes
version given with --kubernetes-version; KEDA's ScaledObject and TriggerAuthentication and
CloudNativePG's Cluster against the JSON schemas vendored in schemas/ (see README.md). Every
kustomization must name files that exist, and every manifest must be reachable from one.

On success prints one JSON object: {"documents": [{"file": ..., "doc": ...}, ...]} (the
invariants are checked by tests/kubernetes.rs); on failure prints the errors to stderr and exits 1.
Needs: pip install kubernetes-validate (which brings PyYAML and jsonschema).
"""

import argparse
import json
import os
import sys

import jsonschema
import kubernetes_validate
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))

# apiVersion/kind -> vendored schema (custom resources that kubernetes-validate does not know).
CUSTOM = {
    ("keda.sh/v1alpha1", "ScaledObject"): "keda.sh_scaledobject_v1alpha1.json",
    ("keda.sh/v1alpha1", "TriggerAuthentication"): "keda.sh_triggerauthentication_v1alpha1.json",
    ("postgresql.cnpg.io/v1", "Cluster"): "postgresql.cnpg.io_cluster_v1.json",
}

KUSTOMIZE_KINDS = {"Kustomization", "Component"}


def yaml_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")):
                yield os.path.join(dirpath, name)


def validate_custom(doc, schema_file):
    with open(os.path.join(HERE, "schemas", schema_file)) as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator(schema)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in validator.iter_errors(doc)]


def validate_kubernetes(doc, version):
    try:
        kubernetes_validate.validate(doc, version, strict=True)
        return []
    except kubernetes_validate.ValidationError as e:
        return [f"{'/'.join(map(str, e.path)) or '(root)'}: {e.message}"]
    except kubernetes_validate.utils.SchemaNotFoundError as e:
        return [f"no schema for {doc.get('apiVersion')}/{doc.get('kind')}: {e}"]


def check_kustomization(path, doc, reached):
    errors = []
    base = os.path.dirname(path)
    for key in ("resources", "components"):
        for entry in doc.get(key) or []:
            target = os.path.normpath(os.path.join(base, entry))
            if os.path.isdir(target):
                if not any(os.path.exists(os.path.join(target, n)) for n in ("kustomization.yaml", "kustomization.yml")):
                    errors.append(f"{key} entry {entry}: directory without a kustomization")
                reached.add(target)
            elif os.path.isfile(target):
                reached.add(target)
            else:
                errors.append(f"{key} entry {entry}: no such file or directory")
    return errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kubernetes-version", default="1.33.0")
    parser.add_argument("root", nargs="?", default=HERE)
    args = parser.parse_args()

    errors, documents, reached, manifests = [], [], set(), []
    for path in yaml_files(args.root):
        rel = os.path.relpath(path, args.root)
        with open(path) as f:
            try:
                docs = [d for d in yaml.safe_load_all(f) if d is not None]
            except yaml.YAMLError as e:
                errors.append(f"{rel}: not YAML: {e}")
                continue
        for doc in docs:
            kind = doc.get("kind")
            if kind in KUSTOMIZE_KINDS:
                errors += [f"{rel}: {e}" for e in check_kustomization(path, doc, reached)]
                continue
            manifests.append(path)
            schema = CUSTOM.get((doc.get("apiVersion"), kind))
            found = validate_custom(doc, schema) if schema else validate_kubernetes(doc, args.kubernetes_version)
            name = (doc.get("metadata") or {}).get("name")
            errors += [f"{rel}: {kind} {name}: {e}" for e in found]
            documents.append({"file": rel, "doc": doc})

    # Every manifest is part of some kustomization (directly, or its directory is).
    for path in sorted(set(manifests)):
        if path not in reached:
            errors.append(f"{os.path.relpath(path, args.root)}: named by no kustomization")

    if errors:
        print("\n".join(errors), file=sys.stderr)
        sys.exit(1)
    json.dump({"documents": documents}, sys.stdout)


if __name__ == "__main__":
    main()
