"""A headless Chromium driven by selenium, set up the way the project's checks need it:
traffic only to 127.0.0.1, the Debian driver, phone or desktop width, light or dark,
axe-core injected from the selenium-axe-python package (no network)."""
import os
import time

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


class CheckFailure(AssertionError):
    pass


def wait_until(predicate, seconds, what):
    deadline = time.time() + seconds
    last_error = None
    while time.time() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # a page still loading throws; try again
            last_error = error
        time.sleep(0.1)
    raise CheckFailure(f"{what} (waited {seconds} s{'; ' + str(last_error).splitlines()[0] if last_error else ''})")


class BrowserSession:
    def __init__(self, base_url, profile_dir, record_requests=False):
        os.environ.setdefault("SE_AVOID_STATS", "true")
        options = Options()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                         f"--user-data-dir={profile_dir}", "--window-size=1280,900", "--lang=en-GB"):
            options.add_argument(argument)
        # The performance log lists every request the page makes (requests_since).
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", **({"performance": "ALL"} if record_requests else {})})
        self.driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        self.driver.set_page_load_timeout(30)
        self.base_url = base_url
        self.width = "desktop"
        self.theme = "light"
        self._axe_source = None

    def close(self):
        self.driver.quit()

    # Navigation and reading

    def open(self, path):
        self.driver.get(self.base_url + path)
        return self

    @property
    def path(self):
        url = self.driver.current_url
        return url[len(self.base_url):] if url.startswith(self.base_url) else url

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def find_all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def text(self, selector):
        return self.find(selector).text

    def script(self, source, *args):
        return self.driver.execute_script(source, *args)

    def press(self, *keys):
        """Types keys to whatever has focus, as a person at a keyboard would."""
        actions = ActionChains(self.driver)
        for key in keys:
            actions.send_keys(key)
        actions.perform()

    def click(self, selector):
        self.find(selector).click()

    def submit_form(self, selector):
        """Presses the form's submit button (the way a person sends it)."""
        self.find(selector + " [type=submit]").click()

    def fill(self, selector, value):
        field = self.find(selector)
        field.clear()
        field.send_keys(value)

    def console_errors(self):
        """Errors the pages logged since the last call (a refused script or style would
        show here); reading them empties the log."""
        try:
            entries = self.driver.get_log("browser")
        except WebDriverException:
            return []
        return [entry["message"] for entry in entries if entry.get("level") == "SEVERE"
                and "favicon" not in entry["message"]]

    def requests_since(self):
        """Every URL the page asked for since the last call (blocked ones too), from
        Chrome's performance log; needs record_requests. Reading it empties it."""
        import json
        urls = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        return urls

    def axe_violations_in(self, selector):
        """axe-core's violations inside the elements matching `selector` only."""
        self._inject_axe()
        return self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "axe.run({include: [[arguments[0]]]}, {resultTypes: ['violations']}).then(function (r) { done(r.violations); },"
            " function (e) { done([{id: 'axe-error', help: String(e), nodes: []}]); });", selector)

    # Looks

    def set_width(self, width):
        self.width = width
        w, h = WIDTHS[width]
        # Device metrics, not only the window: a phone's viewport, touch and pixel ratio.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": w, "height": h, "deviceScaleFactor": 2 if width == "phone" else 1, "mobile": width == "phone"})
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": width == "phone"})

    def set_theme(self, theme):
        self.theme = theme
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": theme},
                         {"name": "prefers-reduced-motion", "value": "reduce"}]})

    def screenshot(self, path):
        self.driver.save_screenshot(path)

    def _inject_axe(self):
        if self._axe_source is None:
            import selenium_axe_python
            script = os.path.join(os.path.dirname(selenium_axe_python.__file__), "axe-core", "axe.min.js")
            with open(script, encoding="utf-8") as handle:
                self._axe_source = handle.read()
        self.driver.execute_script(self._axe_source)

    def axe_violations(self):
        """axe-core's violations on the current page (WCAG 2.x A and AA, best practices)."""
        self._inject_axe()
        result = self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r.violations); },"
            " function (e) { done([{id: 'axe-error', help: String(e), nodes: []}]); });")
        return result
