#!/usr/bin/python3
"""The playground in a real browser: Debian's chromium, headless, driven by
chromedriver through python3-selenium, against the real bufferd on a free
loopback port.

usage: test_playground.py BIN_DIR SOURCE_DIR SCREENSHOT_DIR [TEST_NAME...]

Checks what a user sees, by value: the example's copy is marked on the line
of the op that caused it with the report's reason, the conflicting read and
write are named, the memref pane shows memref.alloc, a bad program gets a
marker on the line of its error, and a permalink restores program, pipeline
and outputs. Screenshots of each state are saved under SCREENSHOT_DIR.
"""
import os
import shutil
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "service"))
SHOTS = sys.argv[3]
sys.argv = sys.argv[:3] + sys.argv[4:]  # test_service reads BIN_DIR SOURCE_DIR [names]
import test_service as ts  # noqa: E402
from test_service import Daemon, check  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

EXAMPLE = "insert_then_read_old"
# In server/playground/examples/insert_then_read_old.mlir: the insert whose
# destination is read again afterwards, and that read.
INSERT_LINE = 9
READ_LINE = 10
BAD_PROGRAM = """func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %c0 into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1366,800"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def wait_status(drv, kind, timeout=30):
    """Waits until #status has class kind (ok, error, idle); returns its text."""
    WebDriverWait(drv, timeout).until(
        lambda d: d.find_element(By.ID, "status").get_attribute("class") == kind)
    return drv.find_element(By.ID, "status").text


def shot(drv, name):
    os.makedirs(SHOTS, exist_ok=True)
    drv.save_screenshot(os.path.join(SHOTS, name + ".png"))


def marks(drv, line):
    """(kind, reason) of every marker in the gutter on line."""
    row = drv.find_element(By.CSS_SELECTOR, '#gutter div[data-line="%d"]' % line)
    return [(m.get_attribute("data-kind"), m.get_attribute("data-reason"))
            for m in row.find_elements(By.CSS_SELECTOR, ".mark")]


def compile_with_keys(drv):
    src = drv.find_element(By.ID, "source")
    src.click()
    src.send_keys(Keys.CONTROL, Keys.ENTER)


def test_example_copy_explained_and_permalink(tmp):
    d = Daemon(tmp)
    drv = browser()
    try:
        base = "http://127.0.0.1:%d/" % d.port
        drv.get(base)
        wait_status(drv, "idle")
        Select(drv.find_element(By.ID, "examples")).select_by_value(EXAMPLE)
        source = drv.find_element(By.ID, "source").get_attribute("value")
        lines = source.split("\n")
        check("tensor.insert" in lines[INSERT_LINE - 1] and "tensor.extract" in lines[READ_LINE - 1],
              "the example's lines: %r / %r" % (lines[INSERT_LINE - 1], lines[READ_LINE - 1]))
        compile_with_keys(drv)
        text = wait_status(drv, "ok")
        shot(drv, "1-compiled")
        check("2 allocation(s), 1 copy(ies)" in text, "status summarises the report: %r" % text)
        # The copy and its allocation sit on the insert's line with the reason.
        on_insert = marks(drv, INSERT_LINE)
        check(("copy", "read-after-write conflict") in on_insert and
              ("alloc", "read-after-write conflict") in on_insert,
              "markers on the insert's line: %s" % on_insert)
        check(not any(k in ("copy", "alloc") for k, _ in marks(drv, READ_LINE)),
              "no allocation marked on the read's line")
        # The bufferization view names the conflicting read and write.
        rec = drv.find_element(By.CSS_SELECTOR, '#records button[data-kind="copy"]')
        check(rec.get_attribute("data-line") == str(INSERT_LINE), "copy record's line")
        check("the read by tensor.extract (line %d)" % READ_LINE in rec.text and
              "the write by tensor.insert (line %d)" % INSERT_LINE in rec.text,
              "conflict explained: %r" % rec.text)
        # Focusing it (keyboard) highlights the cause, the read and the write.
        rec.send_keys(Keys.NULL)
        drv.execute_script("arguments[0].focus()", rec)
        hl = lambda n: drv.find_element(By.CSS_SELECTOR, '#highlight .l[data-line="%d"]' % n).get_attribute("class")
        check("write" in hl(INSERT_LINE) and "read" in hl(READ_LINE),
              "read and write lines highlighted: %r %r" % (hl(INSERT_LINE), hl(READ_LINE)))
        shot(drv, "2-conflict")
        # In-place decisions from the analysis: the insert's dest out of place.
        hover = drv.find_element(By.CSS_SELECTOR, '#gutter div[data-line="%d"]' % INSERT_LINE).get_attribute("title")
        check("tensor.insert: operands #0 -, #1 out of place" in hover and "alias sets" in hover,
              "hovering the insert's line tells its decisions: %r" % hover)
        inplace = drv.find_element(By.ID, "inplace").text
        check("tensor.insert" in inplace and "OUT OF PLACE" in inplace, "in-place table: %r" % inplace[:300])
        # Peak bytes per function from the report.
        funcs = drv.find_element(By.ID, "functions").text
        check("@bump_first 1 1 16 B" in funcs, "per-function table: %r" % funcs)
        # The memref pane.
        drv.find_element(By.ID, "tab-memref").click()
        memref = drv.find_element(By.ID, "text-memref").text
        check("memref.alloc" in memref and "memref.copy" in memref, "memref pane: %r" % memref[:200])
        link = drv.find_element(By.ID, "permalink").get_attribute("href")
        check("#key=" in link, "permalink: %r" % link)
        key = link.split("#key=")[1]

        # A run with JSON inputs, results as a table.
        drv.find_element(By.CSS_SELECTOR, "#run-box summary").click()
        drv.find_element(By.ID, "run-enabled").click()
        fn = drv.find_element(By.ID, "run-function")
        fn.clear()
        fn.send_keys("bump_first")
        drv.find_element(By.ID, "run-inputs").send_keys(
            '[{"type": "memref<4xf32>", "shape": [4], "data": [1, 2, 3, 4]}]')
        drv.find_element(By.ID, "compile").click()
        wait_status(drv, "ok")
        drv.find_element(By.ID, "tab-bufferization").click()
        run = drv.find_element(By.ID, "run-stats").text
        check("9 1 1 16 B" in run, "run statistics: %r" % run)
        drv.find_element(By.ID, "tab-run").click()
        result = drv.find_element(By.ID, "run-result-0").text
        check("2 2 3 4" in result, "the run's result table: %r" % result)
        shot(drv, "3-run")

        # The permalink restores program, pipeline and outputs in a new page.
        drv.get("about:blank")
        drv.get(base + "#key=" + key)
        text = wait_status(drv, "ok")
        check("Restored" in text, "restored: %r" % text)
        check(drv.find_element(By.ID, "source").get_attribute("value") == source, "program restored")
        check(Select(drv.find_element(By.ID, "examples")).first_selected_option.get_attribute("value")
              == EXAMPLE, "the example it came from is selected")
        check(("copy", "read-after-write conflict") in marks(drv, INSERT_LINE), "markers restored")
        shot(drv, "4-restored")

        # A bad program: a 422 with a marker on the line of the error.
        src = drv.find_element(By.ID, "source")
        drv.execute_script("arguments[0].value = arguments[1];"
                           "arguments[0].dispatchEvent(new Event('input'))", src, BAD_PROGRAM)
        compile_with_keys(drv)
        text = wait_status(drv, "error")
        shot(drv, "5-error")
        check("errors" in text, "422 told: %r" % text)
        bad = marks(drv, 3)
        check(len(bad) == 1 and bad[0][0] == "diag", "error marker on line 3: %s" % bad)
        check(marks(drv, 2) == [] and marks(drv, 4) == [], "no marker elsewhere")
        diag = drv.find_element(By.CSS_SELECTOR, "#diagnostic-list button").text
        check(":3:" in diag and "error" in diag, "diagnostic listed: %r" % diag)
        check(not drv.find_element(By.ID, "permalink").is_displayed(),
              "no permalink to outputs of another program")
    finally:
        drv.quit()
        d.stop()


def test_failures_told(tmp):
    # A body over the daemon's limit: 413, said as such.
    d = Daemon(tmp, "--max-body-bytes", "300", name="small")
    drv = browser()
    try:
        drv.get("http://127.0.0.1:%d/" % d.port)
        wait_status(drv, "idle")
        Select(drv.find_element(By.ID, "examples")).select_by_value(EXAMPLE)
        compile_with_keys(drv)
        text = wait_status(drv, "error")
        check(text.startswith("Too large") and "max-body-bytes" in text, "413: %r" % text)
        # The daemon gone: unreachable, not a silent spinner.
        d.stop()
        drv.find_element(By.ID, "compile").click()
        text = wait_status(drv, "error")
        check("unreachable" in text, "daemon down: %r" % text)
        check(drv.find_element(By.ID, "compile").is_enabled(), "the button works again")
        shot(drv, "6-daemon-down")
    finally:
        drv.quit()
        d.stop()


TESTS = [v for k, v in list(globals().items()) if k.startswith("test_") and callable(v)
         and v.__module__ == __name__]

if __name__ == "__main__":
    sys.exit(ts.run_tests(TESTS, ts.ONLY, "bufferd-browser-"))
