"""The website's build steps without a browser: glossary terms, the homework's student
version, the repository URL of the launch buttons and the buttons it gives (none without one),
the theme's icons cut down to those used (site/build.py, site/conf.py, site/_ext/).

These need the website's packages (requirements-site.txt), so they run in the `site` lane."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.browser.conftest import REPOSITORY

pytestmark = pytest.mark.browser


def load(path: Path, name: str) -> ModuleType:
    """A module of site/ by its path (``site`` itself is the name of a standard module)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build = load(REPOSITORY / "site" / "build.py", "course_site_build")
extension = load(REPOSITORY / "site" / "_ext" / "course_site.py", "course_site_extension")


def test_english_terms_split_alternatives_and_drop_explanations() -> None:
    assert extension.english_terms("α-cutoff / β-cutoff (defined below)") == [
        "α-cutoff",
        "β-cutoff",
    ]
    assert extension.english_terms("nega-alpha: α-β in negamax form (one bound)") == ["nega-alpha"]
    assert extension.english_terms("search window (α, β)") == ["search window"]


def test_every_glossary_row_gets_its_own_anchor_and_common_words_are_not_linked() -> None:
    anchors, terms = extension.read_terms(REPOSITORY)
    rows = extension.glossary_rows(REPOSITORY / "notebooks" / "glossary.ipynb")
    assert len(anchors) == len(rows) == len(set(anchors))
    words = {term.words for term in terms}
    assert {"negamax", "transposition table", "horizon effect"} <= words
    assert not words & extension.GENERIC_TERMS
    pattern = extension.term_pattern(terms)
    assert pattern.search("the negamax form").group(1) == "negamax"
    assert pattern.search("in negamaxed form") is None  # whole words only


def test_the_student_version_hides_the_solutions_and_keeps_the_checks() -> None:
    student = build.student_version(build.HOMEWORK.read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in student["cells"]]
    text = "\n".join(sources)
    assert "BEGIN SOLUTION" not in text and '"AD", "AE"' not in text
    code = "\n".join(
        source
        for source, cell in zip(sources, student["cells"], strict=True)
        if cell["cell_type"] == "code"
    )
    assert code.count("raise NotImplementedError()") == 4
    graded = [
        cell
        for cell in student["cells"]
        if cell["metadata"].get("nbgrader", {}).get("grade")
        or cell["metadata"].get("nbgrader", {}).get("solution")
    ]
    assert len(graded) == 8  # four answers, four checks
    assert all(
        {"raises-exception", "remove-output"} <= set(cell["metadata"]["tags"]) for cell in graded
    )
    ids = [cell["id"] for cell in student["cells"]]
    assert len(ids) == len(set(ids)) and "student version" in sources[1]
    json.dumps(student)  # it is plain JSON


def test_the_repository_url_comes_from_the_environment_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COURSE_REPOSITORY_URL", "https://github.com/someone/course.git")
    assert build.repository_url() == "https://github.com/someone/course"


def configuration(monkeypatch: pytest.MonkeyPatch, url: str) -> ModuleType:
    """site/conf.py as Sphinx reads it when build.py found the repository URL ``url``."""
    monkeypatch.setenv("COURSE_REPOSITORY_URL", url)
    monkeypatch.setenv("GAMELIB_STATIC", "1")  # conf.py sets it: restored afterwards
    monkeypatch.setattr(sys, "path", list(sys.path))
    return load(REPOSITORY / "site" / "conf.py", f"course_site_conf_{len(url)}")


def test_github_binder_and_colab_buttons_only_with_a_repository_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with_url = configuration(monkeypatch, "https://github.com/someone/course")
    options = with_url.html_theme_options
    assert options["repository_url"] == "https://github.com/someone/course"
    assert options["use_repository_button"]
    assert options["launch_buttons"]["binderhub_url"] == "https://mybinder.org"
    without = configuration(monkeypatch, "")
    assert not {"repository_url", "launch_buttons", "use_repository_button"} & set(
        without.html_theme_options
    )
    assert without.html_copy_source  # the notebooks that the download menu offers


light_pages = load(REPOSITORY / "site" / "_ext" / "light_pages.py", "course_light_pages")


def test_the_theme_keeps_only_the_icons_the_pages_use() -> None:
    used = light_pages.used_icons(['<i class="fa-solid fa-bars"></i>', 'icon: "fa-download"'])
    assert {"bars", "download"} <= used and "rocket" not in used
    css = (light_pages.THEME_STATIC / light_pages.STYLESHEET).read_text(encoding="utf-8")
    slim, glyphs = light_pages.slim_stylesheet(css, {"bars", "download"})
    assert ".fa-bars:before" in slim and ".fa-download:before" in slim
    assert ".fa-rocket:before" not in slim and ".fa-rocket:before" in css
    assert glyphs == {"\uf0c9", "\uf019"}  # the two icons' code points in the icon font
    assert len(css) - len(slim) > 50_000  # Font Awesome's rules for the other ~2,000 icons
    assert slim.count("@font-face") == css.count("@font-face")  # the rest of the sheet stays


def test_the_pages_load_no_fontawesome_script() -> None:
    head = (
        '<link href="../_static/styles/theme.css?digest=1" rel="stylesheet" />\n'
        '  <script defer src="../_static/scripts/fontawesome.js?digest=1"></script>\n'
        '  <link rel="preload" as="script" href="../_static/scripts/bootstrap.js?digest=1" />'
    )
    kept = str(light_pages.without_fontawesome_script(head))
    assert "fontawesome" not in kept
    assert "theme.css" in kept and "bootstrap.js" in kept


JAPANESE_GLOSSARY = REPOSITORY / "notebooks" / "ja" / "glossary.ipynb"


def test_japanese_terms_take_the_alternatives_in_full_width_brackets() -> None:
    assert extension.japanese_terms("限界値（下限値 / 上限値）") == ["限界値", "下限値", "上限値"]
    assert extension.japanese_terms("水平線効果（地平線効果とも）") == ["水平線効果", "地平線効果"]
    assert extension.japanese_terms("αβ法（アルファベータ法、アルファ・ベータ法）") == [
        "αβ法",
        "アルファベータ法",
        "アルファ・ベータ法",
    ]
    assert extension.japanese_terms("MTD(f)") == ["MTD(f)"]  # ASCII brackets belong to the name


def test_the_japanese_glossary_links_its_own_terms_under_the_english_anchors(
    tmp_path: Path,
) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "glossary.ipynb").write_bytes(JAPANESE_GLOSSARY.read_bytes())
    anchors, terms = extension.read_terms(tmp_path, "ja")
    rows = extension.glossary_rows(JAPANESE_GLOSSARY)
    assert len(anchors) == len(rows) == len(set(anchors))
    by_words = {term.words: term.anchor for term in terms}
    english_anchors, _ = extension.read_terms(REPOSITORY, "en")
    # the same anchor for the same term in both books
    assert by_words["ネガマックス法"] == "term-negamax" and "term-negamax" in english_anchors
    assert by_words["置換表"] == by_words["トランスポジションテーブル"]
    assert "手" not in by_words and "探索" not in by_words  # too short or too common
    pattern = extension.term_pattern(terms, "ja")
    found = pattern.findall("まずヌルウィンドウ探索をして、αβ法の MTD(f) と PVS を比べます")
    assert found == ["ヌルウィンドウ探索", "αβ法", "MTD(f)", "PVS"]  # the longest term wins
    assert pattern.search("PVSearch") is None  # not inside a word of Latin letters
    with pytest.raises(ValueError, match="language"):
        extension.read_terms(tmp_path, "fr")


def test_a_page_has_a_twin_of_the_same_name_or_the_home_page(tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "03_alphabeta.ipynb").write_text("{}")
    (tmp_path / "run.md").write_text("# run")
    assert extension.twin_page("notebooks/03_alphabeta", tmp_path) == "notebooks/03_alphabeta"
    assert extension.twin_page("run", tmp_path) == "run"
    assert extension.twin_page("search", tmp_path) == "search"  # written by Sphinx in both
    assert extension.twin_page("notebooks/99_missing", tmp_path) == "index"


def test_japanese_pages_run_the_japanese_notebooks() -> None:
    assert extension.edition_path("notebooks/03_alphabeta", "ja") == "ja/03_alphabeta.ipynb"
    assert (
        extension.edition_path("notebooks/exercises/pruning_homework", "ja")
        == "ja/exercises/pruning_homework.ipynb"
    )
    buttons = [
        {
            "label": "launch-buttons",
            "buttons": [
                {
                    "url": "https://mybinder.org/v2/gh/a/b/main?urlpath=lab/tree/notebooks/04_x.ipynb"
                },
                {
                    "url": "https://colab.research.google.com/github/a/b/blob/main/notebooks/04_x.ipynb"
                },
            ],
        },
        {"label": "download-buttons", "buttons": [{"url": "notebooks/04_x.ipynb"}]},
    ]
    extension.japanese_launch_buttons(buttons)
    urls = [button["url"] for button in buttons[0]["buttons"]]
    assert all(url.endswith("/notebooks/ja/04_x.ipynb") for url in urls)
    assert buttons[1]["buttons"][0]["url"] == "notebooks/04_x.ipynb"  # only the launch buttons
    extension.japanese_launch_buttons(buttons)  # a second time changes nothing
    assert [button["url"] for button in buttons[0]["buttons"]] == urls


def test_both_books_stage_the_same_pages() -> None:
    english, japanese = build.ENGLISH, build.JAPANESE
    for name in build.PAGES:
        assert (english.pages / name).is_file() and (japanese.pages / name).is_file(), name
    english_notebooks = {path.name for path in english.notebooks.glob("*.ipynb")}
    japanese_notebooks = {path.name for path in japanese.notebooks.glob("*.ipynb")}
    assert english_notebooks == japanese_notebooks
    toc = {
        book.language: (book.pages / "_toc.yml").read_text(encoding="utf-8") for book in build.BOOKS
    }
    files = {
        language: [line.split("file:")[1].strip() for line in text.splitlines() if "file:" in line]
        for language, text in toc.items()
    }
    assert files["en"] == files["ja"]  # every page has its twin


def test_the_japanese_student_version_has_a_japanese_note_and_no_solutions() -> None:
    book = build.JAPANESE
    student = build.student_version(book.homework.read_text(encoding="utf-8"), book.student_note)
    sources = ["".join(cell["source"]) for cell in student["cells"]]
    assert "学生用" in sources[1]
    assert "BEGIN SOLUTION" not in "\n".join(sources)
    code = "\n".join(
        source
        for source, cell in zip(sources, student["cells"], strict=True)
        if cell["cell_type"] == "code"
    )
    assert code.count("raise NotImplementedError()") == 4


def test_the_repository_url_is_configured_in_one_place(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """site/course.toml's ``repository_url`` is what the build uses (the environment variable
    overrides it for one build); an empty one means none, a URL that is not https fails."""
    settings = tmp_path / "course.toml"
    settings.write_text('repository_url = "https://github.com/someone/course.git"\n')
    monkeypatch.delenv("COURSE_REPOSITORY_URL", raising=False)
    monkeypatch.setattr(build, "COURSE_SETTINGS", settings)
    assert build.repository_url() == "https://github.com/someone/course"
    monkeypatch.setenv("COURSE_REPOSITORY_URL", "https://github.com/other/fork")
    assert build.repository_url() == "https://github.com/other/fork"
    settings.write_text('repository_url = ""\n')
    assert build.configured_repository_url(settings) == ""
    settings.write_text('repository_url = "github.com/someone/course"\n')
    with pytest.raises(ValueError, match="https"):
        build.configured_repository_url(settings)
    shipped = build.configured_repository_url(build.SITE / "course.toml")  # the shipped one
    assert shipped == "" or shipped.startswith("https://")


LAUNCH_SERVICES = re.compile(r"Binder|Colab")
"""The services only the launch buttons (made only with a repository URL) lead to."""


def launch_words_outside_their_block(text: str) -> list[str]:
    """The lines of a page's source that name Binder or Colab outside a ``{only}
    launch_buttons`` block (the text Sphinx keeps only when the build has launch buttons)."""
    found = []
    inside = False
    for line in text.splitlines():
        if line.startswith("```{only} launch_buttons"):
            inside = True
        elif inside and line.startswith("```"):
            inside = False
        elif not inside and LAUNCH_SERVICES.search(line):
            found.append(line)
    return found


def test_launch_words_outside_their_block_are_found() -> None:
    block = "```{only} launch_buttons\nOpen it on Binder.\n```\n"
    assert launch_words_outside_their_block(block) == []
    assert launch_words_outside_their_block(block + "Or in a Binder terminal.") == [
        "Or in a Binder terminal."
    ]


@pytest.mark.parametrize("book", ["", "ja/"], ids=["english", "japanese"])
def test_pages_name_binder_or_colab_only_where_the_build_has_launch_buttons(book: str) -> None:
    """The website says only what the built site offers: a page's source names Binder or
    Colab only inside ``{only} launch_buttons``, which Sphinx drops when no repository URL is
    configured (site/course.toml) and so no Binder or Colab button is made (the tournament
    page's way to check a player file once offered a Binder terminal regardless)."""
    pages = sorted((REPOSITORY / "site" / book).glob("*.md"))
    assert any(page.name == "tournament.md" for page in pages)
    for page in pages:
        found = launch_words_outside_their_block(page.read_text(encoding="utf-8"))
        assert not found, f"{page.relative_to(REPOSITORY)}: {found}"


def test_no_placeholder_footer_and_no_lecturer_to_tell(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a repository URL the footer names no authors and no copyright, and the
    accessibility page's way to report a problem sends nobody to "your lecturer"; with one,
    problems go to its issues and the footer links it."""
    for language in ("en", "ja"):
        monkeypatch.setenv("COURSE_SITE_LANGUAGE", language)
        monkeypatch.setenv("COURSE_SITE_KIT", "source_archive,slides")
        without = configuration(monkeypatch, "")
        assert without.html_show_copyright is False
        assert without.html_theme_options["footer_content_items"] == ["course-footer.html"]
        footer = without.html_context["course_footer"]
        assert footer["repository"] == "" and footer["archive"].endswith(".tar.gz")
        assert footer["archive"].startswith("../" if language == "ja" else "downloads/")
        report = without.myst_substitutions["report_problem"]
        assert "lecturer" not in report.lower() and "先生" not in report
        assert "game-tree-search-course.tar.gz" in without.myst_substitutions["get_the_source"]
        assert without.course_slides
        with_url = configuration(monkeypatch, "https://github.com/someone/course")
        assert (
            "https://github.com/someone/course/issues"
            in (with_url.myst_substitutions["report_problem"])
        )
        assert with_url.html_context["course_footer"]["repository"] == (
            "https://github.com/someone/course"
        )
        assert (
            "https://github.com/someone/course" in (with_url.myst_substitutions["get_the_source"])
        )


def test_each_chapter_page_links_its_deck() -> None:
    def pathto(target: str, resource: int = 0) -> str:
        return f"../{target}"  # a page in notebooks/ of the English book

    body = '<h1>03</h1><p class="gamelib-run-in-browser-line">run</p><p>text</p>'
    linked = extension.add_deck_link(body, "notebooks/03_alphabeta", pathto)
    assert linked.startswith('<h1>03</h1><p class="gamelib-run-in-browser-line">run</p><p class')
    assert 'href="../slides/03_alphabeta.slides.html"' in linked and "Slides of" in linked
    japanese = extension.add_deck_link(body, "notebooks/03_alphabeta", pathto, "ja")
    assert 'href="../../slides/ja/03_alphabeta.slides.html"' in japanese
    assert extension.add_deck_link(body, "notebooks/glossary", pathto) == body
    for notebook in sorted((REPOSITORY / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        deck = extension.deck_path(f"notebooks/{notebook.stem}")
        assert deck == f"slides/{notebook.stem}.slides.html"


def test_the_icon_fonts_draw_every_icon_the_stylesheet_keeps(tmp_path: Path) -> None:
    """After the cut, each icon font has a glyph for every icon the kept stylesheet draws with
    it, the theme's icon variables included (the external-link arrow U+F35D, the note's
    U+F05A), and no font is left with an empty character map (Chromium: "OTS parsing error:
    cmap", a missing-glyph box on the page)."""
    output = tmp_path / "html"
    (output / "_static" / light_pages.STYLESHEET).parent.mkdir(parents=True)
    (output / "index.html").write_text('<i class="fa-solid fa-bars"></i>', encoding="utf-8")
    light_pages.lighten(output)
    fonts = output / "_static" / light_pages.FONTS
    characters = {font.name: light_pages.font_characters(font) for font in fonts.iterdir()}
    assert set(characters) == {
        font.name for font in (light_pages.THEME_STATIC / light_pages.FONTS).iterdir()
    }
    assert all(characters.values()), [name for name, found in characters.items() if not found]
    for name in ("fa-solid-900.woff2", "fa-solid-900.ttf"):
        assert {"\uf0c9", "\uf35d", "\uf05a"} <= characters[name]
    css = (output / "_static" / light_pages.STYLESHEET).read_text(encoding="utf-8")
    solid = characters["fa-solid-900.woff2"] | characters["fa-brands-400.woff2"]
    assert light_pages.variable_glyphs(css) <= solid | characters["fa-regular-400.woff2"]


def test_the_published_decks_link_back_to_the_website(tmp_path: Path) -> None:
    """The decks' indexes as the website publishes them (html/slides/index.html and
    html/slides/ja/index.html, written by slides/build.py for the decks alone) lead back to
    the home page of their language's book: the walk of issue 39 opened "the decks" from the
    home page and found no way back. The link's target is the home page where the site puts
    it (html/index.html, html/ja/index.html), and a second pass adds nothing."""
    html = tmp_path / "html"
    for index in ("index.html", "ja/index.html"):
        (html / index).parent.mkdir(parents=True, exist_ok=True)
        (html / index).write_text("<html><body><h1>home</h1></body></html>", encoding="utf-8")
    for folder in (html / "slides", html / "slides" / "ja"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(
            "<!DOCTYPE html>\n<html><head><title>t</title></head><body><h1>t</h1>"
            "<ul><li>a deck</li></ul></body></html>\n",
            encoding="utf-8",
        )
    build.link_the_decks_to_the_website(html / "slides")
    build.link_the_decks_to_the_website(html / "slides")
    for name, words in (("index.html", "The course's website"), ("ja/index.html", "講座")):
        page = (html / "slides" / name).read_text(encoding="utf-8")
        links = re.findall(r'<p class="website"><a href="([^"]+)">([^<]+)</a></p>', page)
        assert len(links) == 1 and words in links[0][1], page
        target = ((html / "slides" / name).parent / links[0][0]).resolve()
        assert target == (html / name).resolve(), target
        assert target.read_text(encoding="utf-8").startswith("<html><body><h1>home")
