"""`ludemic serve` in a real browser: Chromium driven through WebDriver
(Selenium), on the page a person uses. Screenshots of a few boards are
written to target/screenshots/ for a person to look at.

Needs the `ludemic` binary (built by `cargo test --workspace`) and Debian's
`chromium` and `chromium-driver` (.ci/run installs them); skips, saying why,
without them."""

import re
import shutil

import pytest

from conftest import REPO, serve

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

SCREENSHOTS = REPO / "target" / "screenshots"


@pytest.fixture(scope="module")
def server():
    for url, _ in serve():
        yield url


@pytest.fixture(scope="module")
def browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        pytest.skip("skipped: chromium and chromedriver are not installed (Debian: chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1400"):
        options.add_argument(flag)
    service = webdriver.ChromeService(executable_path=driver_path)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def wait(driver, condition, seconds=60):
    return WebDriverWait(driver, seconds).until(lambda d: condition(d))


def status(driver):
    return driver.find_element(By.ID, "status").text


def start(driver, url, game, options=(), seats=("human", "human")):
    """Opens the page on `game` with `options` (heading -> item), the seats
    set, and starts a new game."""
    driver.get(f"{url}?game={game}")
    wait(driver, lambda d: Select(d.find_element(By.ID, "game")).first_selected_option.get_attribute("value") == game)
    for heading, item in dict(options).items():
        menu = driver.find_element(By.CSS_SELECTOR, f'#options select[data-heading="{heading}"]')
        Select(menu).select_by_value(item)
    driver.find_element(By.ID, "new").click()
    wait(driver, lambda d: "to move" in status(d))
    for p, seat in enumerate(seats, start=1):
        Select(driver.find_element(By.ID, f"seat{p}")).select_by_value(seat)


def click_site(driver, site):
    moves = len(driver.find_element(By.ID, "history").find_elements(By.TAG_NAME, "li"))
    element = driver.find_element(By.CSS_SELECTOR, f'#board [data-site="{site}"]')
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element)
    return moves


def moves_played(driver):
    return len(driver.find_element(By.ID, "history").find_elements(By.TAG_NAME, "li"))


def play_clicks(driver, clicks):
    """Each move as the sites clicked for it; waits for the move to land."""
    for sites in clicks:
        before = moves_played(driver)
        for site in sites:
            click_site(driver, site)
        wait(driver, lambda d: moves_played(d) == before + 1)


def screenshot(driver, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.find_element(By.ID, "board").screenshot(str(SCREENSHOTS / f"{name}.png"))


def test_tic_tac_toe_is_won_by_clicks(server, browser):
    start(browser, server, "tic-tac-toe")
    play_clicks(browser, [[0], [3], [1], [4], [2]])
    wait(browser, lambda d: d.find_element(By.ID, "status").get_attribute("data-over") == "true")
    assert "P1 wins" in status(browser)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .piece")) == 5


def test_a_chess_opening_ends_in_a_promotion_chosen_from_a_menu(server, browser):
    start(browser, server, "chess")
    # 1. b4 a5 2. bxa5 h6 3. a6 h5 4. axb7 h4 5. bxa8, promoting.
    play_clicks(browser, [[9, 25], [48, 32], [25, 32], [55, 47], [32, 40], [47, 39], [40, 49], [39, 31], [49, 56]])
    click_site(browser, 56)
    choices = wait(browser, lambda d: d.find_element(By.ID, "choices").find_elements(By.TAG_NAME, "button"))
    assert len(choices) == 4, [c.text for c in choices]
    queen = next(c for c in choices if "Queen" in c.text)
    before = moves_played(browser)
    queen.click()
    wait(browser, lambda d: moves_played(d) == before + 1)
    history = browser.find_element(By.ID, "history").text
    assert "Queen" in history.splitlines()[-1], history
    screenshot(browser, "chess")


def test_go_ends_after_two_passes(server, browser):
    start(browser, server, "go", options={"Board Size": "9x9"})
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board [data-site]")) == 81
    for _ in range(2):
        before = moves_played(browser)
        passes = [b for b in browser.find_elements(By.CSS_SELECTOR, "#moves button") if b.text.startswith("pass")]
        assert passes, "no pass among the legal moves"
        passes[0].click()
        wait(browser, lambda d: moves_played(d) == before + 1)
    wait(browser, lambda d: d.find_element(By.ID, "status").get_attribute("data-over") == "true")
    screenshot(browser, "go")


def test_a_hex_playout_is_watched_to_its_end(server, browser):
    start(browser, server, "hex")
    browser.find_element(By.ID, "watch").click()
    wait(browser, lambda d: d.find_element(By.ID, "status").get_attribute("data-over") == "true", seconds=180)
    assert re.search(r"P[12] wins", status(browser)), status(browser)
    assert moves_played(browser) >= 11
    screenshot(browser, "hex")
    browser.find_element(By.ID, "show-tensor").click()
    maps = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#tensor figure.channel"))
    names = [m.find_element(By.TAG_NAME, "figcaption").text for m in maps]
    assert len(maps) >= 2, names


def test_a_malformed_upload_shows_the_error_and_where(server, browser, tmp_path):
    start(browser, server, "tic-tac-toe")
    bad = tmp_path / "broken.lud"
    bad.write_text('(game "Broken"\n  (players 2)\n  (equipment { (board (square 3)) (piece "Disc" Each) })\n'
                   "  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Wi)))))\n")
    browser.find_element(By.ID, "upload").send_keys(str(bad))
    error = wait(browser, lambda d: d.find_element(By.ID, "error").text)
    assert "broken.lud:4:" in error, error


@pytest.mark.parametrize("game", ["nine-mens-morris", "shogi", "surakarta"])
def test_boards_are_drawn_for_a_person_to_look_at(server, browser, game):
    start(browser, server, game)
    sites = browser.find_elements(By.CSS_SELECTOR, "#board [data-site]")
    assert sites, "no site drawn"
    screenshot(browser, game)
    assert (SCREENSHOTS / f"{game}.png").stat().st_size > 5000


def test_a_ludii_trial_is_stepped_through(server, browser):
    trials = REPO.parent / "shared" / "reference" / "ludii-trials" / "tic-tac-toe.jsonl"
    if not trials.is_file():
        pytest.skip(f"skipped: {trials} is absent")
    start(browser, server, "tic-tac-toe")
    browser.find_element(By.ID, "trial").send_keys(str(trials))
    wait(browser, lambda d: "ahead" in status(d))
    while "ahead" in status(browser):
        before = moves_played(browser)
        browser.find_element(By.ID, "redo").click()
        wait(browser, lambda d: moves_played(d) == before + 1)
    assert browser.find_element(By.ID, "status").get_attribute("data-over") == "true", status(browser)
