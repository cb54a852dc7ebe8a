"""Sphinx configuration of the course's website: Jupyter Book 1's stack, set up to work offline.

The pages are built by ``site/build.py`` (``bash scripts/course.sh site``), which copies this
file with the rest of ``site/`` and the notebooks into ``site/_build/source`` and runs Sphinx
there. Jupyter Book 1 (pip ``jupyter-book<2``) is Sphinx with MyST-NB, the book theme and an
external table of contents; this file uses those pieces directly, so that every setting that
matters for a site without network is in one place:

- no script, font or style from a CDN: MyST-NB's ipywidgets scripts (require.js and the widget
  manager) are switched off, and widget outputs fall back to their ``text/html`` (the course's
  widgets carry a static version: the HTML animation player, the exercise with its worked
  solution, a note that the game needs Python); no page has math, so Sphinx loads no MathJax
  (the browser test would see it if one did);
- the notebooks are executed at build time with ``GAMELIB_STATIC=1`` (the animations become
  self-contained HTML players), their results cached in ``site/_build/.jupyter_cache``;
- launch buttons for Binder and Colab and a link to the repository, built from the repository
  URL that ``build.py`` found (``COURSE_REPOSITORY_URL``); without one, no such button is shown
  (they would lead nowhere), and the pages' text about them is left out too (the tag
  ``launch_buttons``, for ``{only}`` blocks);
- the download menu of a notebook's page offers that notebook (``.ipynb``, the file Sphinx
  copies into ``_sources/``) and the print dialog (``.pdf``); other pages have no download
  menu (``_ext/course_site.py``);
- no Font Awesome script: the theme's icons are drawn by its icon fonts, cut down to the icons
  the pages use (``_ext/light_pages.py``);
- two books from this one file: the English one (``site/_build/source`` into ``html/``) and the
  Japanese one (``site/_build/source_ja`` into ``html/ja/``), chosen by the environment
  variable ``COURSE_SITE_LANGUAGE`` (``en``, the default, or ``ja``); each page has a switch to
  its twin in the other book (``_ext/course_site.py``, ``_templates/language-switch.html``).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from sphinx.application import Sphinx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

os.environ["GAMELIB_STATIC"] = "1"  # the kernels inherit it: animations are HTML players

COURSE_LANGUAGE = os.environ.get("COURSE_SITE_LANGUAGE", "en")
if COURSE_LANGUAGE not in ("en", "ja"):
    raise ValueError(f"COURSE_SITE_LANGUAGE must be 'en' or 'ja', not {COURSE_LANGUAGE!r}")
JAPANESE = COURSE_LANGUAGE == "ja"

# Sphinx's words (navigation, search, "previous"/"next") and the search index in this language:
# Japanese search splits words with Sphinx's own TinySegmenter (no network, no extra package).
language = COURSE_LANGUAGE

# The language switch: where the other book's output and staged sources are, seen from this one.
course_language = COURSE_LANGUAGE
course_twin_root = "../" if JAPANESE else "ja/"
course_twin_source = str(HERE.parent / ("source" if JAPANESE else "source_ja"))
# The extensions change every page they write: a new version of one rewrites them all (Sphinx
# compares the "html" configuration values with the previous build's).
course_extension_hash = hashlib.sha256(
    b"".join((HERE / "_ext" / name).read_bytes() for name in ("course_site.py", "light_pages.py"))
).hexdigest()

project = "ゲーム木探索を Jupyter で学ぶ" if JAPANESE else "Game-tree search, taught in Jupyter"
# No "By … © Copyright …" footer (the course names no authors): the footer offers the course's
# source instead (footer_content_items below, _templates/course-footer.html).
html_show_copyright = False

extensions = [
    "myst_nb",
    "sphinx_external_toc",
    "sphinx_book_theme",
    "sphinx_copybutton",
    "sphinx_togglebutton",
    "sphinx_design",
    "course_site",
    "light_pages",
]
external_toc_path = "_toc.yml"
external_toc_exclude_missing = False
exclude_patterns = ["_build", "**.ipynb_checkpoints", "README.md"]

# ---- notebooks: executed at build time, results cached between builds
nb_execution_mode = "cache"
nb_execution_cache_path = os.environ.get("COURSE_SITE_CACHE", str(HERE.parent / ".jupyter_cache"))
nb_execution_timeout = 180
nb_execution_raise_on_error = True  # a notebook that fails breaks the build
nb_execution_show_tb = True
nb_merge_streams = True
# No widget scripts from a CDN: widget views are dropped and their text/html is shown.
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_render_markdown_format = "commonmark"
myst_enable_extensions = ["colon_fence", "deflist", "substitution"]
myst_heading_anchors = 3
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]

# ---- HTML
html_theme = "sphinx_book_theme"
html_title = "ゲーム木探索" if JAPANESE else "Game-tree search"
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["course.css"]
# A small icon of the site's own (a root and two children, 300 bytes): without one a browser asks
# the server's root for favicon.ico, which is the browser edition's (320 KB).
html_favicon = "_static/favicon.svg"
html_copy_source = True  # the notebooks in _sources/: the download menu's .ipynb
html_show_sourcelink = False
html_last_updated_fmt = None

# The theme follows the reader's system (light or dark) until the switch is used; without a
# default the theme logs a console error on a first visit.
REPOSITORY_URL = os.environ.get("COURSE_REPOSITORY_URL", "")
REPOSITORY_BRANCH = os.environ.get("COURSE_REPOSITORY_BRANCH", "main")

# What of the lecturer's kit this build has (site/build.py: COURSE_SITE_KIT): the tags
# source_archive, slides and worksheets, for the pages' {only} blocks; the links go only there.
COURSE_KIT = frozenset(filter(None, os.environ.get("COURSE_SITE_KIT", "").split(",")))
course_slides = "slides" in COURSE_KIT  # _ext/course_site.py: each notebook page links its deck
ROOT_PREFIX = "../" if JAPANESE else ""  # the site's root seen from this book's root
SOURCE_ARCHIVE = f"{ROOT_PREFIX}downloads/game-tree-search-course.tar.gz"

html_context = {
    "default_mode": "auto",
    # the footer (_templates/course-footer.html): the course's source, where it is
    "course_footer": {
        "intro": "講座のソース：" if JAPANESE else "The course's source:",
        "repository": REPOSITORY_URL,
        "repository_words": "リポジトリ" if JAPANESE else "its repository",
        "archive": SOURCE_ARCHIVE if "source_archive" in COURSE_KIT else "",
        "archive_words": (
            "このサイトと同じ版のアーカイブ（.tar.gz）"
            if JAPANESE
            else "an archive of the version this website was built from (.tar.gz)"
        ),
        "separator": "、" if JAPANESE else " or ",
    },
}

# The accessibility statement's way to report a problem (accessibility.md, {{ report_problem }}):
# the repository's issues when the site has a repository URL; never a placeholder link.
ISSUES_URL = f"{REPOSITORY_URL.rstrip('/')}/issues"
if REPOSITORY_URL and JAPANESE:
    REPORT_PROBLEM = f"講座のリポジトリの [Issues]({ISSUES_URL}) に書いてください。"
elif REPOSITORY_URL:
    REPORT_PROBLEM = f"Open an issue in [the course's repository]({ISSUES_URL})."
elif JAPANESE:
    REPORT_PROBLEM = (
        "このサイトは公開リポジトリなしで作られているので、報告先の Issues がありません。"
        "このサイトを公開している人に、ページと起きたことを知らせてください。"
    )
else:
    REPORT_PROBLEM = (
        "This copy of the website was built without a public repository to report to: please "
        "send the page and what happened to whoever publishes it."
    )
ARCHIVE_LINK = f'<a href="{SOURCE_ARCHIVE}">{html_context["course_footer"]["archive_words"]}</a>'
if REPOSITORY_URL:
    GET_THE_SOURCE = (
        f"リポジトリ（<{REPOSITORY_URL}>）をクローンして、そのフォルダーで"
        if JAPANESE
        else f"From a clone of the repository (<{REPOSITORY_URL}>):"
    )
elif "source_archive" in COURSE_KIT:
    GET_THE_SOURCE = (
        f"講座のソース（{ARCHIVE_LINK}）をダウンロードして展開し（`tar xzf "
        "game-tree-search-course.tar.gz`）、フォルダー `game-tree-search-course` で"
        if JAPANESE
        else f"Download the course's source ({ARCHIVE_LINK}), unpack it (`tar xzf "
        "game-tree-search-course.tar.gz`) and, in its folder `game-tree-search-course`:"
    )
else:
    GET_THE_SOURCE = "講座のソースのフォルダーで" if JAPANESE else "In the course's source folder:"
myst_substitutions = {"report_problem": REPORT_PROBLEM, "get_the_source": GET_THE_SOURCE}

html_theme_options: dict[str, object] = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": True,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    "search_bar_text": "講座を検索…" if JAPANESE else "Search the course…",
    # the language switch first, then the theme's own buttons
    "article_header_end": ["language-switch.html", "article-header-buttons.html"],
    "footer_content_items": ["course-footer.html"],
}
if REPOSITORY_URL:  # no placeholder: without a public repository, no buttons that lead nowhere
    html_theme_options.update(
        {
            "repository_url": REPOSITORY_URL,
            "repository_branch": REPOSITORY_BRANCH,
            "path_to_docs": "",
            "use_repository_button": True,
            "launch_buttons": {
                "binderhub_url": "https://mybinder.org",
                "colab_url": "https://colab.research.google.com",
                "notebook_interface": "jupyterlab",
            },
        }
    )


def setup(app: Sphinx) -> None:
    """The tag ``launch_buttons`` when the pages have them (for ``{only} launch_buttons``), and
    a tag for each part of the lecturer's kit this build has (:data:`COURSE_KIT`)."""
    if REPOSITORY_URL:
        app.tags.add("launch_buttons")
    else:
        app.tags.add("no_launch_buttons")
    for part in sorted(COURSE_KIT):
        app.tags.add(part)
