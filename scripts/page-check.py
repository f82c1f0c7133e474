#!/usr/bin/env python3
"""Drive one headless Chromium over the DevTools protocol on a pipe
(--remote-debugging-pipe: no port, no network, no extra module), for the
page tests (tests/cli/t1512-report-interactive.sh).

    page-check.py PROFILE_DIR SCRIPT

SCRIPT holds one step a line, run in order in one browser:

    open URL [WIDTH [HEIGHT]]  load URL in a fresh tab WIDTH px wide
                               (default 1280 x 900; the viewport is
                               set by emulation, so 390 is a phone)
    nojs URL [WIDTH]           the same with JavaScript off
    eval EXPR                  print the JSON of EXPR's value
    click CSS                  click the first element CSS selects
    shot FILE                  a PNG of the viewport
    full FILE                  a PNG of the whole page

Each eval prints one line, the value as JSON; a step that fails prints
"error: ..." on stderr and the script exits 1.
"""
import base64
import json
import os
import subprocess
import sys
import time


class Browser:
    def __init__(self, profile):
        r_ours, w_theirs = os.pipe()   # chromium writes fd 4
        r_theirs, w_ours = os.pipe()   # chromium reads fd 3

        def fds():
            # by way of high numbers: dup2 onto itself would keep
            # close-on-exec
            os.dup2(r_theirs, 100)
            os.dup2(w_theirs, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)

        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--hide-scrollbars",
             "--user-data-dir=" + profile, "--remote-debugging-pipe",
             "about:blank"],
            preexec_fn=fds, pass_fds=(), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(profile, "..", "chrome.err"), "w"),
            close_fds=False)
        os.close(r_theirs)
        os.close(w_theirs)
        self.rd = os.fdopen(r_ours, "rb", buffering=0)
        self.wr = os.fdopen(w_ours, "wb", buffering=0)
        self.buf = b""
        self.next_id = 0
        self.session = None

    def call(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method,
               "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        self.wr.write(json.dumps(msg).encode() + b"\0")
        while True:
            while b"\0" not in self.buf:
                chunk = self.rd.read(1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})

    def open(self, url, width, height, js=True):
        if self.session:
            self.call("Target.closeTarget", {"targetId": self.target},
                      session=False)
        self.target = self.call("Target.createTarget",
                                {"url": "about:blank"},
                                session=False)["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": self.target,
                                  "flatten": True},
                                 session=False)["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height,
                   "deviceScaleFactor": 1, "mobile": width < 500})
        self.call("Emulation.setScriptExecutionDisabled",
                  {"value": not js})
        self.call("Page.enable")
        self.call("Page.navigate", {"url": url})
        # wait for the load (scripts off: evaluation still works)
        for _ in range(600):
            st = self.eval("document.readyState", force=True)
            if st == "complete":
                return
            time.sleep(0.05)
        raise RuntimeError("page did not load: " + url)

    def eval(self, expr, force=False):
        r = self.call("Runtime.evaluate",
                      {"expression": expr, "returnByValue": True,
                       "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError("eval %s: %s" % (
                expr, r["exceptionDetails"].get("text")))
        return r.get("result", {}).get("value")

    def shot(self, path, full):
        p = {"format": "png"}
        if full:
            m = self.call("Page.getLayoutMetrics")
            cs = m.get("cssContentSize") or m["contentSize"]
            p["clip"] = {"x": 0, "y": 0, "width": cs["width"],
                         "height": cs["height"], "scale": 1}
            p["captureBeyondViewport"] = True
        data = self.call("Page.captureScreenshot", p)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()   # ours, by its process, never by name
            self.proc.wait()


def main():
    profile, script = sys.argv[1], sys.argv[2]
    os.makedirs(profile, exist_ok=True)
    b = Browser(profile)
    rc = 0
    try:
        for line in open(script, encoding="utf-8"):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            verb, _, arg = line.partition(" ")
            if verb in ("open", "nojs"):
                a = arg.split()
                w = int(a[1]) if len(a) > 1 else 1280
                h = int(a[2]) if len(a) > 2 else 900
                b.open(a[0], w, h, js=verb == "open")
            elif verb == "eval":
                print(json.dumps(b.eval(arg)), flush=True)
            elif verb == "click":
                b.eval("document.querySelector(%s).click()"
                       % json.dumps(arg))
            elif verb in ("shot", "full"):
                b.shot(arg, verb == "full")
            else:
                raise RuntimeError("unknown step: " + line)
    except (RuntimeError, OSError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        rc = 1
    finally:
        b.close()
    return rc


if __name__ == "__main__":
    sys.exit(main())
