"""A Sphinx extension that keeps the website's pages light: the theme's icons without the
weight of every icon there is.

The theme (pydata-sphinx-theme, under the book theme) draws its icons (menu, search, light and
dark, download, previous and next …) with Font Awesome, twice over: a script,
``fontawesome.js`` (1.5 MB, every Font Awesome icon as SVG, put by the script in place of each
``<i class="fa-…">``), and Font Awesome's stylesheet rules (one per icon, in the theme's
stylesheet) with its icon fonts (270 KB), which draw the same icons without any script. So:

- the script is left out: the template ``layout.html`` passes the theme's ``<head>`` assets
  through the filter ``without_fontawesome_script``, and the file is removed from the output;
- at the end of the build, the icons the pages use are found (their ``fa-…`` classes in the
  built pages and in the theme's scripts), the icon fonts are cut down to those glyphs and to
  the glyphs of the theme's icon variables (its external-link arrow, its admonitions' icons),
  a font with none of them is kept whole (fontTools; WOFF2 needs brotli), and the stylesheet's
  rules for the other icons are left out.

Both work from the theme's own files (in its package), not from the output, so a second build
does the same whatever the first left there.

And a notebook's page leaves out the state of its ipywidgets, which MyST-NB embeds (up to 80 KB
a page) for a widget manager the site does not load (``conf.py``: no widget scripts; the pages
show each widget's static HTML instead).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pydata_sphinx_theme
from markupsafe import Markup
from sphinx.application import Sphinx

THEME_STATIC = (
    Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"
)
STYLESHEET = Path("styles") / "pydata-sphinx-theme.css"
FONTS = Path("vendor") / "fontawesome" / "webfonts"
SCRIPT = Path("scripts") / "fontawesome.js"
FONTAWESOME_SCRIPT = re.compile(
    r'\s*<script\b[^>]*\bsrc="[^"]*fontawesome\.js[^"]*"[^>]*>\s*</script>'
)
ICON_CLASS = re.compile(r"\bfa-([a-z0-9]+(?:-[a-z0-9]+)*)")
ICON_RULE = re.compile(
    r"(?P<selectors>(?:\.fa-[a-z0-9-]+:(?:before|after),)*\.fa-[a-z0-9-]+:(?:before|after))"
    r'\{content:"(?P<glyph>(?:\\[0-9a-f]{1,6}|[^"\\])+)"\}'
)
"""One of Font Awesome's per-icon rules, as
``.fa-bars:before,.fa-navicon:before{content:"\\f0c9"}``."""
SELECTOR_NAME = re.compile(r"\.fa-([a-z0-9-]+):")
ICON_VARIABLE = re.compile(r'--pst-icon-[a-z0-9-]+:"(?P<glyph>(?:\\[0-9a-f]{1,6}|[^"\\])+)"')
"""One of the theme's icon variables, as ``--pst-icon-external-link:"\\f35d"``: the theme's
own rules draw these glyphs with ``content: var(…)`` (a link's external-link arrow, the
admonitions' icons), under no ``fa-`` class of a page."""
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def without_fontawesome_script(head: str) -> Markup:
    """``head`` (the theme's ``<head>`` assets as rendered) without the Font Awesome script."""
    return Markup(FONTAWESOME_SCRIPT.sub("", str(head)))


def used_icons(texts: list[str]) -> set[str]:
    """The names after ``fa-`` in ``texts`` (pages and scripts): a superset of the icons used
    (``fa-solid`` and ``fa-lg`` are style classes, and are no icon's name)."""
    return {match.group(1) for text in texts for match in ICON_CLASS.finditer(text)}


def css_glyph(escaped: str) -> str:
    """The characters of a CSS string's content: ``\\f0c9`` is U+F0C9."""
    return re.sub(r"\\([0-9a-f]{1,6})", lambda match: chr(int(match.group(1), 16)), escaped)


def slim_stylesheet(css: str, icons: set[str]) -> tuple[str, set[str]]:
    """``css`` without the per-icon rules of icons not in ``icons``, and the characters of the
    glyphs that the rules kept draw."""
    glyphs: set[str] = set()

    def keep_or_drop(rule: re.Match[str]) -> str:
        names = set(SELECTOR_NAME.findall(rule.group("selectors")))
        if names & icons:
            glyphs.update(css_glyph(rule.group("glyph")))
            return rule.group(0)
        return ""

    return ICON_RULE.sub(keep_or_drop, css), glyphs


def variable_glyphs(css: str) -> set[str]:
    """The characters of the theme's icon variables (:data:`ICON_VARIABLE`) in ``css``."""
    return {
        character
        for match in ICON_VARIABLE.finditer(css)
        for character in css_glyph(match.group("glyph"))
    }


def font_characters(path: Path) -> set[str]:
    """The characters the font ``path`` has a glyph for (its cmap)."""
    from fontTools.ttLib import TTFont

    with TTFont(str(path)) as font:
        return {chr(code) for code in font.getBestCmap()}


def subset_font(source: Path, target: Path, glyphs: set[str]) -> None:
    """Write the font ``source`` cut down to ``glyphs`` to ``target`` (WOFF2 or TrueType, as
    the name says). A font that has none of ``glyphs`` is copied whole: cut down to nothing, its
    character map would be empty, which browsers reject ("OTS parsing error: cmap"), and a page
    that falls back on it would show a missing-glyph box; whole, it costs nothing unless a page
    uses it."""
    from fontTools import subset

    if not glyphs & font_characters(source):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        return
    options = subset.Options()
    options.flavor = "woff2" if target.suffix == ".woff2" else None
    options.layout_features = ["*"]
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(glyph) for glyph in glyphs))
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(target), options)


def book_texts(output: Path) -> list[str]:
    """The built pages of ``output`` (both books: the Japanese one is in ``ja/``) and the
    scripts that write icons into them (the themes' and the site's own)."""
    texts = []
    for path in sorted(output.rglob("*")):
        parts = path.relative_to(output).parts
        if parts[0] == "lite" or not path.is_file():
            continue
        if path.suffix == ".html" or (path.suffix == ".js" and path.name != SCRIPT.name):
            texts.append(path.read_text(encoding="utf-8", errors="replace"))
    return texts


def lighten(output: Path) -> tuple[int, int]:
    """Cut the theme's icon assets in ``output/_static`` down to the icons the pages use:
    returns the bytes before and after (the stylesheet and the fonts)."""
    static = output / "_static"
    icons = used_icons(book_texts(output))
    theme_css = (THEME_STATIC / STYLESHEET).read_text(encoding="utf-8")
    css, glyphs = slim_stylesheet(theme_css, icons)
    glyphs |= variable_glyphs(theme_css)
    before = (THEME_STATIC / STYLESHEET).stat().st_size
    (static / STYLESHEET).write_text(css, encoding="utf-8")
    after = (static / STYLESHEET).stat().st_size
    for font in sorted((THEME_STATIC / FONTS).iterdir()):
        before += font.stat().st_size
        subset_font(font, static / FONTS / font.name, glyphs)
        after += (static / FONTS / font.name).stat().st_size
    for leftover in (SCRIPT, SCRIPT.with_suffix(".js.map"), SCRIPT.with_suffix(".js.LICENSE.txt")):
        (static / leftover).unlink(missing_ok=True)
    return before, after


def without_widget_state(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Leave the ipywidgets state that MyST-NB added (at the default priority) out of the page's
    scripts."""
    scripts = context.get("script_files")
    if isinstance(scripts, list):
        scripts[:] = [
            script
            for script in scripts
            if getattr(script, "attributes", {}).get("type") != WIDGET_STATE
        ]


def on_builder_inited(app: Sphinx) -> None:
    templates: Any = getattr(app.builder, "templates", None)
    if templates is not None:
        templates.environment.filters["without_fontawesome_script"] = without_fontawesome_script


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        before, after = lighten(Path(app.outdir))
        print(f"[light pages] the theme's icon stylesheet and fonts: {before:,} → {after:,} bytes")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", on_builder_inited)
    app.connect("build-finished", on_build_finished)
    app.connect("html-page-context", without_widget_state, priority=800)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
