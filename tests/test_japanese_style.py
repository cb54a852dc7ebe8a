"""The mechanical rules of the Japanese edition's style sheet (notebooks/ja/STYLE.md, the rules
marked [test]), on every Markdown cell of ``notebooks/ja`` and on gamelib's Japanese sentences.

Each rule is a function from a text to the problems it finds. Markdown is parsed with MyST's
markdown-it (as the website parses it), and the rules read the text a reader sees: code, inline
code and math are not prose. gamelib's ``WORDS`` templates are read with their ``{placeholders}``
standing for a name or a number. A failure names the notebook and cell (or the module and
key) and the text.

Rules the style sheet leaves to readers (a word whose right form depends on its meaning, such
as 指す in chess but 打つ in Othello, or 展開 for a node but not for a line of play) are not
checked here.
"""

from __future__ import annotations

import ast
import importlib
import io
import json
import pkgutil
import re
import tokenize
from collections.abc import Callable, Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token

import gamelib
from tests.test_markdown_cells import site_extensions

ROOT = Path(__file__).resolve().parent.parent
JAPANESE_NOTEBOOKS = sorted(
    path
    for path in (ROOT / "notebooks" / "ja").rglob("*.ipynb")
    if ".ipynb_checkpoints" not in path.parts
)

KANA_KANJI = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
"""Hiragana, katakana and the CJK ideographs: the letters of Japanese prose."""
JAPANESE = re.compile(f"[{KANA_KANJI}]")
JAPANESE_TEXT = f"{KANA_KANJI}\u3000-\u303f\uff01-\uff5e"
"""Those, with Japanese punctuation and the full-width forms."""

CODE = "\uf8ff"
"""What an inline code span or math becomes in the text a rule reads (a private-use mark):
it counts as half-width for the spacing rule and as nothing else."""

PLACEHOLDER = "\uf8fe"
"""What a template's ``{placeholder}`` becomes: a name, a number or a Japanese phrase, so it
counts as neither Japanese nor Latin for the spacing rule."""

Rule = Callable[[str], list[str]]


def _around(text: str, start: int, end: int, width: int = 12) -> str:
    return (
        text[max(start - width, 0) : end + width].replace(CODE, "`…`").replace(PLACEHOLDER, "{…}")
    )


def _finder(pattern: str, what: str) -> Rule:
    compiled = re.compile(pattern)

    def find(text: str) -> list[str]:
        return [
            f"{what}: {_around(text, match.start(), match.end())!r}"
            for match in compiled.finditer(text)
        ]

    return find


# ---------------------------------------------------------------- punctuation
ascii_colon = _finder(
    rf"[{JAPANESE_TEXT}]:(?=\s|$)|:[ \t]+(?=[{KANA_KANJI}{PLACEHOLDER}])",
    "ASCII ':' in Japanese (write 「：」, no space after)",
)
"""An ASCII colon after Japanese, or before Japanese or a placeholder whatever stands before it
(「b = 2: 評価」, 「({low}, {high}): 返した値」, 「{step} / {total}: {sentence}」); Latin
text after it (a title's 「Othello: A Minute…」, 「X: a1」) is not read as prose."""
half_width_question = _finder(
    rf"[{KANA_KANJI}][?!]", "a half-width '?' or '!' after Japanese (write 「？」「！」)"
)
space_after_colon = _finder(r"：[ \t]", "a space after 「：」")
dash = _finder(
    rf"[{JAPANESE_TEXT}]\s*(?:——|―|—|\s-\s)|(?:——|―|—|\s-\s)\s*[{JAPANESE_TEXT}]",
    "a dash setting off a clause (use 「、」 or parentheses)",
)
curly_quotes = _finder(r"[“”]", "“ ” around a name (use 「」)")
ascii_quoted_name = _finder(
    rf"(?<![\w\\])\"[^\"\n{KANA_KANJI}]{{1,40}}\"(?=\s*[{KANA_KANJI}])|"
    rf"(?<=[{KANA_KANJI}])\s*\"[^\"\n{KANA_KANJI}]{{1,40}}\"",
    '" " around a name in Japanese prose (use 「」)',
)

OPENING = "（(「『【["
CLOSING = {"）": "（", ")": "(", "」": "「", "』": "『", "】": "【", "]": "["}


NOTATION = re.compile(rf"\([^()（）「」{KANA_KANJI}]*\)")
"""Half-width parentheses with no Japanese inside: notation such as the window (α, β) or
f(x), not a bracket of the prose."""


def bracket_depth(text: str) -> list[str]:
    """Brackets nest at most two deep: 「（…「…」…）」 is the limit (notation such as the
    window (α, β) is not a bracket of the prose)."""
    text = NOTATION.sub(lambda match: "_" * len(match[0]), text)
    problems = []
    depth = 0
    for index, character in enumerate(text):
        if character in OPENING:
            depth += 1
            if depth == 3:
                problems.append(
                    f"brackets three deep (two at most): {_around(text, index, index + 1, 24)!r}"
                )
        elif character in CLOSING:
            depth = max(depth - 1, 0)
    return problems


# ---------------------------------------------------------------- spacing
no_space_to_latin = _finder(
    rf"[{KANA_KANJI}][A-Za-z0-9{CODE}]|[A-Za-z0-9{CODE}][{KANA_KANJI}]",
    "no half-width space between Japanese and Latin letters, digits or code",
)
space_before_alphabeta = _finder(
    rf"[{KANA_KANJI}] +(?:αβ法|αカット|βカット|α値|β値)",
    "a space before a Japanese αβ word (「のαβ法」, not 「の αβ法」)",
)

# ---------------------------------------------------------------- one word per concept
FORBIDDEN = {
    "コース": "講座",
    "多くとも": "高々",
    "より狭い限界値": "より厳しい限界値",
    "わかる": "分かる",
    "わかり": "分かり",
    "わから": "分から",
    "わかっ": "分かっ",
    "越え": "超え",
    "対数目盛(?!り)": "対数目盛り",
    "α-β 深さ": "αβ法 深さ",
    "α-β法": "αβ法",
    "アルファベータ法": "αβ法",
    "対局大会": "対抗戦",
    "リーダーボード": "順位表",
    "残りの持ち時間": "残りの貯金",
    "読み筋": "最善進行",
    "主変化(?!探索)": "最善進行 (主変化探索 is PVS's established name)",
    "ブラウザ(?!ー)": "ブラウザー",
    "メモリ(?!ー)": "メモリー",
    "フォルダ(?!ー)": "フォルダー",
    "コンピュータ(?!ー)": "コンピューター",
    "プロセッサ(?!ー)": "プロセッサー",
    "カウンタ(?!ー)": "カウンター",
    "エディタ(?!ー)": "エディター",
    "サーバ(?!ー)": "サーバー",
    "ユーザ(?!ー)": "ユーザー",
    "深さの限界": "深さ制限",
    "失敗した探索": "fail low / fail high",
    "基準機": "基準の計算機",
    "クラッシュ": "異常終了",
    "階段": "ラダー",
    "連続王手(?:そのもの)?[はが][^。]{0,12}負け": "連続王手の千日手 (checks alone never lose)",
    "置換表の項目": "置換表のエントリ",
    "貪欲なプレイヤー": "Greedy (the ladder's player keeps its name, as Random and Positional)",
    "(?:双方とも|両者とも|相手の|プレイヤーの)失敗|失敗した(?:側|方|プレイヤー)": "反則 (a fault)",
}
"""The word forms the style sheet forbids (a regular expression), and the form to write."""


def forbidden_forms(text: str) -> list[str]:
    return [
        f"{re.sub(r'[(][^)]*[)]', '', form)} (write {right}): "
        f"{_around(text, match.start(), match.end())!r}"
        for form, right in FORBIDDEN.items()
        for match in re.finditer(form, text)
    ]


RULES: tuple[Rule, ...] = (
    ascii_colon,
    half_width_question,
    space_after_colon,
    dash,
    curly_quotes,
    ascii_quoted_name,
    bracket_depth,
    no_space_to_latin,
    space_before_alphabeta,
    forbidden_forms,
)


def problems_of(text: str) -> list[str]:
    return [problem for rule in RULES for problem in rule(text)]


# ---------------------------------------------------------------- reading Markdown
def parser() -> MarkdownIt:
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    return create_md_parser(MdParserConfig(enable_extensions=site_extensions()), RendererHTML)


def prose(tokens: list[Token]) -> Iterator[str]:
    """The prose of each block (paragraph, heading, list item, table cell…), as one line: text
    and line breaks as written, inline code and math as :data:`CODE`."""
    for token in tokens:
        if token.type != "inline":
            continue
        parts = []
        for child in token.children or []:
            if child.type == "text":
                parts.append(child.content)
            elif child.type in ("softbreak", "hardbreak"):
                parts.append("\n")
            elif child.type in ("code_inline", "math_inline", "math_inline_double"):
                parts.append(CODE)
        yield "".join(parts)


def markdown_cells(path: Path) -> Iterator[tuple[int, str, str | None]]:
    """(index, source, type of the next cell) of every Markdown cell of a notebook."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "markdown":
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            following = cells[index + 1]["cell_type"] if index + 1 < len(cells) else None
            yield index, source, following


SENTENCE_END = re.compile(r"[。！？][」）』]*$")


def introduces_code_properly(tokens: list[Token]) -> list[str]:
    """A paragraph that introduces a code cell (the cell's last block) ends in 「。」."""
    blocks = [token for token in tokens if token.level == 0 and token.nesting != 1]
    if not blocks or blocks[-1].type != "paragraph_close":
        return []
    last = list(prose(tokens))[-1].strip()
    if not last or SENTENCE_END.search(last) or not re.search(f"[{KANA_KANJI}]", last):
        return []
    return [f"the paragraph before the code cell ends {last[-12:]!r}, not in 「。」"]


def japanese_italics(tokens: list[Token]) -> list[str]:
    """Italics do not emphasise in Japanese type: Japanese in ``*…*`` (bold emphasises,
    「」 names; italics stay for Latin titles and variables)."""
    problems = []
    for token in tokens:
        children = (token.children or []) if token.type == "inline" else []
        depth, text = 0, ""
        for child in children:
            if child.type == "em_open":
                depth, text = depth + 1, ""
            elif child.type == "em_close":
                depth -= 1
                if JAPANESE.search(text):
                    problems.append(f"Japanese in italics (use bold or 「」): {text[:24]!r}")
            elif depth:
                text += child.content
    return problems


def cell_problems(markdown: MarkdownIt, source: str, following: str | None) -> list[str]:
    tokens = markdown.parse(source)
    problems = [problem for text in prose(tokens) for problem in problems_of(text)]
    problems += japanese_italics(tokens)
    if following == "code":
        problems += introduces_code_properly(tokens)
    return problems


# ---------------------------------------------------------------- reading gamelib
def japanese_words() -> Iterator[tuple[str, str, str]]:
    """(module, key, Japanese template) of every WORDS table in gamelib."""
    for info in sorted(pkgutil.walk_packages(gamelib.__path__, "gamelib."), key=lambda i: i.name):
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional front end (ipywidgets) not installed
            continue
        words = getattr(module, "WORDS", None)
        if not isinstance(words, Mapping):
            continue
        for key, texts in words.items():
            text = texts.get("ja") if isinstance(texts, Mapping) else None
            if isinstance(text, str):
                yield info.name, str(key), text


HALF_WIDTH_PLACEHOLDERS = frozenset(
    {"file", "attempts", "count", "number", "node", "value", "depth", "seconds", "at"}
)
"""Placeholders that always stand for half-width text (a file name, a number, a node's name):
read as :data:`CODE`, so they need a half-width space beside Japanese (「{file} を」)."""


def template_prose(template: str) -> str:
    """A template as prose: HTML tags dropped, each ``{placeholder}`` :data:`PLACEHOLDER`, or
    :data:`CODE` if it is one of :data:`HALF_WIDTH_PLACEHOLDERS`."""
    text = re.sub(r"<[^>]+>", "", template)
    text = text.replace("{{", "(").replace("}}", ")")
    return re.sub(
        r"\{([^{}]*)\}",
        lambda field: (
            CODE if re.split(r"[!:.\[]", field[1])[0] in HALF_WIDTH_PLACEHOLDERS else PLACEHOLDER
        ),
        text,
    )


# ---------------------------------------------------------------- reading code


PYTHON_LITERAL = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'")
"""A quoted string in a comment (``"c4"``, the value a student types) is Python, read as
:data:`CODE`."""


def python_strings(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every string literal and comment with Japanese in a piece of Python:
    f-string fields and ``{placeholders}`` (for ``str.format``) as :data:`PLACEHOLDER`;
    docstrings (the reader of the code, not of the course, sees them) left out."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    inside_fstrings = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                part.value if isinstance(part, ast.Constant) else "{field}" for part in node.values
            )
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings | inside_fstrings
        ):
            text = node.value
        else:
            continue
        if JAPANESE.search(text):
            yield node.lineno, template_prose(text)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and JAPANESE.search(token.string):
            comment = token.string.lstrip("#").strip()
            yield token.start[0], PYTHON_LITERAL.sub(CODE, comment)


def code_cells(path: Path) -> Iterator[tuple[int, str]]:
    """(index, source) of every code cell of a notebook, IPython's ``%`` and ``!`` lines
    blanked."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            yield index, re.sub(r"(?m)^\s*[%!].*$", "", source)


JS_LITERAL = re.compile(
    r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`", re.DOTALL
)


def javascript_strings(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every string with Japanese in a JavaScript file, literals joined by
    ``+`` read as one; ``{placeholder}`` and ``${expression}`` as :data:`PLACEHOLDER`;
    comments left out."""
    pieces: list[tuple[int, str]] = []
    end = -1
    for match in JS_LITERAL.finditer(source):
        if match[0].startswith(("//", "/*")):
            continue
        text = match[0][1:-1]
        if match[0][0] == "`":
            text = re.sub(r"\$\{[^{}]*\}", "{field}", text)
        text = re.sub(
            r"\\(.)", lambda escaped: {"n": "\n", "t": " "}.get(escaped[1], escaped[1]), text
        )
        line = source.count("\n", 0, match.start()) + 1
        if pieces and re.fullmatch(r"\s*\+\s*", source[end : match.start()]):
            pieces[-1] = (pieces[-1][0], pieces[-1][1] + text)
        else:
            pieces.append((line, text))
        end = match.end()
    for line, text in pieces:
        if JAPANESE.search(text):
            yield line, template_prose(text)


# ---------------------------------------------------------------- the rules can fail
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("次のセルで確かめます:", "ASCII ':'"),
        ("値: 3", "ASCII ':'"),
        ("値： 3", "a space after"),
        ("最悪手から、b = 2: 評価した葉", "ASCII ':'"),
        ("窓 (1, 5): 返した値", "ASCII ':'"),
        ("どちらの端に達していますか?", "half-width '?'"),
        ("探索は——ここで——終わります", "a dash"),
        ("探索は — ここで終わります", "a dash"),
        ("ノード “c2 b3” を見ます", "“ ”"),
        ('ノード "c2 b3" を見ます', '" "'),
        ("（外（中「奥」）外）", "three deep"),
        ("（外「中 (奥に日本語) 中」外）", "three deep"),
        ("深さ4の探索", "no half-width space"),
        ("`alphabeta`を呼ぶ", "no half-width space"),
        ("この講座の αβ法", "a space before"),
        ("コースへ戻る", "コース"),
        ("対数目盛で描く", "対数目盛"),
        ("α-β 深さ 2", "α-β 深さ"),
        ("これは*なぜ正しいのか*です。", "italics"),
        ("探索の最善進行ではなく読み筋", "読み筋"),
        ("ブラウザ版で開きます。", "ブラウザ"),
        ("講義室のコンピュータにコピーします。", "コンピューター"),
        ("フォルダを指定します。", "フォルダー"),
        ("プレイヤーがクラッシュしました。", "クラッシュ"),
        ("講座のプレイヤーの階段で測ります。", "階段"),
        ("将棋のルールでは連続王手そのものが負けです。", "連続王手の千日手"),
        ("置換表の項目が答えます。", "置換表のエントリ"),
        ("ランダムなプレイヤーと貪欲なプレイヤーとの数局", "Greedy"),
        ("対局せず（相手の失敗）", "失敗"),
        ("無効試合：双方とも失敗したため", "失敗"),
    ],
)
def test_each_rule_finds_what_it_forbids(text: str, expected: str) -> None:
    markdown = parser()
    found = cell_problems(markdown, text.replace("`alphabeta`", "`alphabeta`"), None)
    assert any(expected in problem for problem in found), found


@pytest.mark.parametrize(
    "text",
    [
        "次のセルで確かめます。",
        "値：3 です。",
        "深さ 4 の探索で `alphabeta` を呼びます。",
        "この講座のαβ法は、fail-hard です（「カット」は β 以上で起こります）。",
        "- 箇条書きの項目です。",
        "対数目盛りで描きます。`x: int` のようなコードは対象外です。",
        "チェスでは「指す」と言います。",
        "論文 *Best-first fixed-depth minimax algorithms* と、深さ *d* の木と PVS（主変化探索）。",
        "**ブラウザー版**では、メモリーの**中**に置きます。",
        "コンピューターのフォルダーにあるプロセッサーの数です。",
        "原典は節約をその点によるものとしています（「(α, β) の範囲を狭める方法は有効」）。",
        "相手の反則で対局せず、ラダーの段は異常終了も起動失敗もなく、テストは失敗します。",
    ],
)
def test_the_rules_pass_what_the_style_sheet_allows(text: str) -> None:
    assert cell_problems(parser(), text, "code") == []


def test_a_template_is_read_with_its_placeholders_as_names() -> None:
    assert problems_of(template_prose("{node} でカット：{value}、{names} を枝刈りします")) == []
    assert problems_of(template_prose("子を{direction}探索、{node} は {bound}を返します")) == []
    assert problems_of(template_prose("{reason}: 枝刈りする手は残っていません"))
    assert problems_of(template_prose("{node} の値: {value}"))
    assert problems_of(template_prose("ステップ {step} / {total}: {sentence}"))
    assert problems_of(template_prose("窓 ({low}, {high}): 返した値 {value}"))
    assert problems_of(template_prose("『Othello: A Minute to Learn』と X: a1 の手")) == []


def test_the_paragraph_before_a_code_cell_ends_in_a_full_stop() -> None:
    markdown = parser()
    assert cell_problems(markdown, "次のセルで確かめます：", "code")
    assert cell_problems(markdown, "次のセルで確かめます。", "code") == []
    assert cell_problems(markdown, "次のセルで確かめます：", "markdown") == []


def test_the_code_readers_find_the_japanese_a_reader_sees() -> None:
    python = (
        'def f():\n    """深さ: 文書の中は読まない"""\n'
        '    print(f"深さ {depth}: 葉 {leaves} 個")  # 答え："c4" のようなマス\n'
        '    return "値: " + "最善進行"  # ここは読み筋です\n'
    )
    found: dict[int, list[str]] = {}
    for line, text in python_strings(python):
        found.setdefault(line, []).extend(problems_of(text))
    assert not any("文書" in text for _, text in python_strings(python))
    assert any("ASCII ':'" in problem for problem in found[3])
    assert any("ASCII ':'" in problem for problem in found[4])
    assert any("読み筋" in problem for problem in found[4])
    assert not any('" "' in problem for problems in found.values() for problem in problems)
    javascript = 'const t = { ja: "{total} 問の" +\n  "記録: {when}" }; // コメント: 読まない\n'
    assert [text for _, text in javascript_strings(javascript)] == [
        f"{PLACEHOLDER} 問の記録: {PLACEHOLDER}"
    ]
    assert problems_of(next(javascript_strings(javascript))[1])
    page = ":::{grid-item-card} ▶ ブラウザで実行\n:link: run.md\n\n本文の深さ4です。\n:::\n"
    assert any("no half-width space" in problem for problem in page_problems(parser(), page))


# ---------------------------------------------------------------- the edition and gamelib
@pytest.mark.parametrize(
    "path", JAPANESE_NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT / "notebooks" / "ja"))
)
def test_every_japanese_markdown_cell_follows_the_style_sheet(path: Path) -> None:
    markdown = parser()
    problems = [
        f"{path.relative_to(ROOT)} cell {index}: {problem}"
        for index, source, following in markdown_cells(path)
        for problem in cell_problems(markdown, source, following)
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_gamelibs_japanese_sentences_follow_the_style_sheet() -> None:
    problems = [
        f"{module}.WORDS[{key!r}]: {problem}"
        for module, key, template in japanese_words()
        for problem in problems_of(template_prose(template))
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


SITE_PAGES = sorted((ROOT / "site" / "ja").glob("*.md"))
TRAINER_SCRIPTS = sorted((ROOT / "site" / "trainer").glob("*.js"))
GAMELIB_MODULES = sorted(Path(gamelib.__file__).parent.rglob("*.py"))


def page_problems(markdown: MarkdownIt, source: str) -> list[str]:
    """The problems of a Markdown page, the title and content of its directives (``:::{…}``
    and ```` ```{…} ````, options dropped) read as Markdown too."""
    tokens = markdown.parse(source)
    problems = [problem for text in prose(tokens) for problem in problems_of(text)]
    problems += japanese_italics(tokens)
    for token in tokens:
        if token.type in ("fence", "colon_fence") and token.info.startswith("{"):
            problems += problems_of(token.info.partition("}")[2].strip())
            content = re.sub(r"(?m)^:[\w-]+:.*$", "", token.content)
            problems += page_problems(markdown, content)
    return problems


@pytest.mark.parametrize(
    "path", JAPANESE_NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT / "notebooks" / "ja"))
)
def test_the_comments_and_strings_of_every_japanese_code_cell_follow_the_style_sheet(
    path: Path,
) -> None:
    problems = [
        f"{path.relative_to(ROOT)} cell {index} line {line}: {problem}"
        for index, source in code_cells(path)
        for line, text in python_strings(source)
        for problem in problems_of(text)
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", GAMELIB_MODULES, ids=lambda path: path.name)
def test_every_japanese_string_in_gamelibs_source_follows_the_style_sheet(path: Path) -> None:
    """Every table (not only ``WORDS``), heading and label gamelib writes in Japanese."""
    problems = [
        f"{path.relative_to(ROOT)} line {line}: {problem}"
        for line, text in python_strings(path.read_text(encoding="utf-8"))
        for problem in problems_of(text)
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", TRAINER_SCRIPTS, ids=lambda path: path.name)
def test_the_trainers_japanese_strings_follow_the_style_sheet(path: Path) -> None:
    problems = [
        f"{path.relative_to(ROOT)} line {line}: {problem}"
        for line, text in javascript_strings(path.read_text(encoding="utf-8"))
        for problem in problems_of(text)
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", SITE_PAGES, ids=lambda path: path.name)
def test_the_sites_japanese_pages_follow_the_style_sheet(path: Path) -> None:
    problems = [
        f"{path.relative_to(ROOT)}: {problem}"
        for problem in page_problems(parser(), path.read_text(encoding="utf-8"))
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def literal_emphasis(markdown: MarkdownIt, source: str) -> list[str]:
    """``**`` or ``__`` left in a page's rendered text (outside code): bold that CommonMark did
    not close, as 「**かかる時間。**時計を」 (a closing ``**`` after punctuation must be followed
    by a space or punctuation)."""
    html = re.sub(r"<code.*?</code>|<pre.*?</pre>", "", markdown.render(source), flags=re.DOTALL)
    return [
        f"literal {match[0]!r} after rendering (bold not closed): "
        f"{html[max(match.start() - 24, 0) : match.end() + 12]!r}"
        for match in re.finditer(r"\*\*|__", html)
    ]


def test_literal_emphasis_is_found() -> None:
    markdown = parser()
    assert literal_emphasis(markdown, "**かかる時間。**時計を使います。")
    assert literal_emphasis(markdown, "**かかる時間。** 時計を使います。") == []
    assert literal_emphasis(markdown, "`a**b` と **太字**です。") == []


@pytest.mark.parametrize("path", SITE_PAGES, ids=lambda path: path.name)
def test_the_sites_japanese_pages_render_their_bold(path: Path) -> None:
    problems = literal_emphasis(parser(), path.read_text(encoding="utf-8"))
    assert not problems, f"{path.relative_to(ROOT)}: " + "\n".join(problems)


TRAINER_PAGES = sorted((ROOT / "site" / "trainer" / "ja").glob("*.html"))


class _ShownText(HTMLParser):
    """The text of an HTML page a reader sees or hears: text between tags (not in ``script``
    or ``style``) and the ``alt``, ``title``, ``placeholder`` and ``aria-label`` attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[tuple[int, str]] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if name in ("alt", "title", "placeholder", "aria-label") and value:
                self.texts.append((self.getpos()[0], value))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden = max(self.hidden - 1, 0)

    def handle_data(self, data: str) -> None:
        if not self.hidden and JAPANESE.search(data):
            self.texts.append((self.getpos()[0], " ".join(data.split())))


def html_texts(source: str) -> list[tuple[int, str]]:
    """(line, text) of what :class:`_ShownText` reads, ``{placeholders}`` as names."""
    reader = _ShownText()
    reader.feed(source)
    return [(line, template_prose(text)) for line, text in reader.texts if JAPANESE.search(text)]


def test_the_html_reader_reads_text_and_labels_not_scripts() -> None:
    page = '<p>深さ4</p><button aria-label="値: 3">▶</button><script>x = "深さ: 1"</script>'
    assert [text for _, text in html_texts(page)] == ["深さ4", "値: 3"]


@pytest.mark.parametrize("path", TRAINER_PAGES, ids=lambda path: path.name)
def test_the_trainers_japanese_pages_follow_the_style_sheet(path: Path) -> None:
    problems = [
        f"{path.relative_to(ROOT)} line {line}: {problem}"
        for line, text in html_texts(path.read_text(encoding="utf-8"))
        for problem in problems_of(text)
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_a_placeholder_for_half_width_text_needs_a_space() -> None:
    assert problems_of(template_prose("{file}をインポートしました"))
    assert problems_of(template_prose("{file} をインポートしました")) == []
    assert problems_of(template_prose("子を{direction}探索します")) == []


# ------------------------------------------- 打つ for tic-tac-toe and Othello, 指す for chess
PLACING_NOTEBOOKS = (
    "04_failsoft",
    "05_real_games",
    "06_transpositions",
    "08_windows",
    "09_perfect_play",
    "10_your_player",
    "11_monte_carlo",
)
"""The notebooks whose games place marks or discs (trees, tic-tac-toe, reversi, Othello) and
never move a chess or shogi piece: 01 § 6's delaying tree and 07's graphs, chess and shogi
are the only places where 指す is right."""

CHESS_VERB = re.compile(r"(?<![目名])指[しすせさそ]")
"""指す and its forms (指し, 指せ, 指さ, 指そ), not 目指す or 名指し."""


def chess_verbs(text: str) -> list[str]:
    return [
        f"指す is for chess and shogi (write 打つ): {_around(text, match.start(), match.end())!r}"
        for match in CHESS_VERB.finditer(text)
    ]


def test_the_chess_verb_is_found() -> None:
    assert chess_verbs("速く指した手も貯金を戻さない")
    assert chess_verbs("オセロを強く指すのは")
    assert not chess_verbs("速く打った手も貯金を戻さない")
    assert not chess_verbs("問題を名指しするメッセージ。目指す深さ。`step` を指定します")


@pytest.mark.parametrize("name", PLACING_NOTEBOOKS)
def test_othello_and_tic_tac_toe_moves_are_placed_not_moved(name: str) -> None:
    path = ROOT / "notebooks" / "ja" / f"{name}.ipynb"
    problems = [
        f"{path.relative_to(ROOT)} cell {index}: {problem}"
        for index, source, _ in markdown_cells(path)
        for problem in chess_verbs(source)
    ] + [
        f"{path.relative_to(ROOT)} code cell {index}: {problem}"
        for index, text in code_cells(path)
        for problem in chess_verbs(text)
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
