"""Runs schemas through the real probatio as Home Assistant's MCP client does (2026.9+).

Reads {"cases": [{"schema": ..., "args": [...]}]} on stdin; for each case, with the lazy build
policy HA sets at start-up (homeassistant/__init__.py), calls from_openapi(schema) as
homeassistant/components/mcp/coordinator.py does, then validates each args object as
helpers/llm.py does before a call (the first validation is where a lazy schema is built). Writes
{"results": [{"refused": msg} | {"calls": [{"output": ...} | {"invalid": msg} | {"refused": msg}]}]}.

Driven by test/support/probatio-python.ts with probatio's source tree on PYTHONPATH.
"""

import json
import sys

from probatio import BuildPolicy, Invalid, SchemaError, from_openapi, set_build_policy

set_build_policy(BuildPolicy.LAZY)


def run(case):
    try:
        schema = from_openapi(case["schema"])
    except Exception as err:  # HA's coordinator catches every exception (UpdateFailed)
        return {"refused": f"{type(err).__name__}: {err}"}
    calls = []
    for args in case.get("args", []):
        try:
            calls.append({"output": schema(args)})
        except SchemaError as err:
            calls.append({"refused": f"SchemaError: {err}"})
        except Invalid as err:
            calls.append({"invalid": str(err)})
    return {"calls": calls}


request = json.load(sys.stdin)
json.dump({"results": [run(case) for case in request["cases"]]}, sys.stdout, default=repr)
