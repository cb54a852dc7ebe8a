/* The course's decks: the keyboard steps gamelib's animation players (slides/build.py copies
 * this file next to the decks).
 *
 * On a slide with a player, → and ← step the player (like reveal.js's fragments): → at the
 * player's last step and ← at its first go on to the next or previous slide. "." and ","
 * step the player without ever leaving the slide. Page Down / Page Up, N / P and the space
 * bar still change slides directly (skip an animation; Page Down skips all the slides a
 * player is shown on, see splitPlayers); with the player focused (clicked),
 * the space bar plays and pauses it. With several players on a slide, the focused one is
 * stepped, else the first. The player is driven through its own buttons, so this file needs
 * nothing from gamelib/render/static.py but its class names.
 *
 * Each slide, when shown, sizes its drawings to fill the room its text leaves (fit).
 *
 * Drawings readable from the back row (node names and values at least 18 px on a 1280x720
 * screen, every other text at least 14 px): a player is shown in parts, each on its own slide
 * (splitPlayers): each panel's tree, filling the slide, then its windows; a gamelib tree whose
 * node text would be smaller where it is gets a slide of its own, which it fills
 * (treesAlone). A tree still too large for that is zoomed in: a picture is shown in parts on
 * slides of their own (zoomTree), a player's tree as a window that follows the current node
 * (zoomPlayer). A player's tree shown whole is drawn, as large as it can be, with none of its
 * nodes under the player's words nor under reveal.js's arrows and slide number in the bottom
 * right corner (wholeClearOfOverlays); a zoomed one's view keeps the current node and the
 * open nodes clear of the words (clearOfWords) and its room ends before the arrows and the
 * slide number (roomBesideCorner). Only the drawing's viewBox (and a zoomed drawing's room)
 * changes: the same trace, the same labels.
 *
 * No slide is taller than the frame: when the deck starts, every slide is laid out once, its
 * drawings fitted, and a slide whose content is still taller than the slide is split
 * (splitSlides): a long table goes on over the next slide (its title row repeated), a long
 * printout likewise (its lines cut between two lines), and the cells below an overflowing
 * cell move to the next slide. Only a single cell that cannot be cut (a long paragraph) is
 * scaled down to fit, as the last resort; the slide is then marked data-course-scaled.
 *
 * Decks read as lectures: a paragraph or a list item over three lines keeps its first
 * sentence (its claim) on the slide and goes whole into the slide's speaker notes
 * (lectureNotes: key S shows them); a code listing's lines wrap under themselves with a
 * hanging indent (hangCode) and a listing too tall is cut between its lines, at a blank line
 * when it can (cutListing); a printed table continued on the next slide repeats its title
 * lines when its rows go on. Each part of a split player starts at its first step when →
 * reaches it (startPart); a zoomed player's tree shows its last step whole, leaves included
 * (zoomPlayer). The breaks follow the lecture: a heading starts its slide
 * (headingsStartSlides), a slide of one code line joins its output or the prose before it
 * (joinLoneCode), a lead-in ("...:") goes on the slide of what it introduces
 * (leadInsForward); a slide carries at most SLIDE_TEXT characters and no listing over
 * LISTING_LINES lines (lighten). On a phone held upright the slide is narrower and taller, so
 * its text stays readable (phoneLayout), and a wide table or code block scrolls inside its
 * box (course.css; focusableScrolling). A part of a split player counts its panel's steps
 * (partStepLabel); a zoomed drawing's caption goes over its parts (captionOut). The slides split off a slide take none of reveal.js's state, and
 * the current slide is shown again once all are
 * split (showCurrent): the deck opens on one slide.
 */
var CourseSlides = (function () {
  "use strict";

  var FORWARD = { ArrowRight: true, ".": true };
  var BACK = { ArrowLeft: true, ",": true };
  var STAY = { ".": true, ",": true };

  function currentPlayer() {
    var slide = Reveal.getCurrentSlide();
    if (!slide) { return null; }
    var players = slide.querySelectorAll(".gamelib-player");
    if (players.length === 0) { return null; }
    var active = document.activeElement;
    for (var index = 0; index < players.length; index++) {
      if (active && players[index].contains(active)) { return players[index]; }
    }
    return players[0];
  }

  // The player's step and its last step on the slide shown: on a part of a split player
  // (splitPlayers), the last step of the part's panel (side by side searches differ in
  // length: the shorter one's part ends at its own last step), else the player's.
  function position(player) {
    var slider = player.querySelector(".gamelib-slider");
    return { step: Number(slider.value), last: lastStep(player) };
  }

  function lastStep(player) {
    var last = Number(player.querySelector(".gamelib-slider").max);
    var slide = player.closest("section");
    if (!slide || !slide.hasAttribute("data-course-panel")) { return last; }
    if (!player.hasOwnProperty("courseLengths")) {
      var source = player.querySelector("script.gamelib-data");
      player.courseLengths = source ? JSON.parse(source.textContent).lengths : null;
    }
    var length = player.courseLengths && player.courseLengths[
      Number(slide.getAttribute("data-course-panel"))];
    return typeof length === "number" ? Math.min(last, length) : last;
  }

  // Show step on the player (through its slider, as a user moving it would).
  function showStep(player, step) {
    var slider = player.querySelector(".gamelib-slider");
    if (Number(slider.value) === step) { return; }
    slider.value = String(step);
    slider.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function press(player, action) {
    player.querySelector('button[data-action="' + action + '"]').click();
  }

  // Page Down on a part of a player (see splitPlayers) skips all its parts: the slide after
  // the last one is shown.
  function skipParts(event) {
    var slide = Reveal.getCurrentSlide();
    var group = slide && slide.getAttribute("data-course-group");
    if (!group) { return false; }
    var parts = document.querySelectorAll('section[data-course-group="' + group + '"]');
    var last = parts[parts.length - 1];
    if (last === slide) { return false; }
    var indices = Reveal.getIndices(last);
    Reveal.slide(indices.h, indices.v);
    Reveal.next();
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  function onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var target = event.target;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) { return; }
    if (event.key === "PageDown" && skipParts(event)) { return; }
    var forward = FORWARD.hasOwnProperty(event.key);
    var back = BACK.hasOwnProperty(event.key);
    if (!forward && !back) { return; }
    var player = currentPlayer();
    if (player === null) { return; }
    var now = position(player);
    if (forward && now.step < now.last) {
      press(player, "forward");
    } else if (back && now.step > 0) {
      press(player, "back");
    } else if (!STAY.hasOwnProperty(event.key)) {
      return; // an arrow at the end of the animation: reveal.js changes the slide
    }
    event.preventDefault();
    event.stopPropagation();
  }

  function markPlayerSlides() {
    document.querySelectorAll(".reveal .slides section").forEach(function (slide) {
      if (slide.querySelector("section")) { return; } // a vertical stack: its slides get it
      if (!slide.querySelector(".gamelib-player") && !slide.hasAttribute("data-course-group")) {
        return;
      }
      var hint = document.createElement("div");
      hint.className = "course-key-hint";
      hint.textContent = document.documentElement.lang === "ja"
        ? "→ / ← でアニメーションを一手ずつ進め、最後まで進むと次のスライドへ · Page Down で飛ばします"
        : "→ / ← step the animation, then the slides · Page Down skips it";
      slide.appendChild(hint);
    });
  }

  // Drawings fill the slide: grow them up to the largest size, then shrink them (evenly,
  // not below the smallest) until the slide's content fits its height.
  var PICTURE = { name: "--course-picture", largest: 600, smallest: 240,
    selector: ".jp-RenderedSVG > svg, .jp-RenderedSVG > img, .jp-RenderedImage > img, " +
      ".jp-RenderedHTMLCommon svg:not(.gamelib-player svg)" };
  var PLAYER = { name: "--course-player-drawing", largest: 700, smallest: 200,
    selector: ".gamelib-drawing svg" };
  var WINDOWS = { name: "--course-player-windows", largest: 400, smallest: 100,
    selector: ".gamelib-windows svg" };
  var KINDS = [PICTURE, PLAYER, WINDOWS];

  var ALONE = 690; // the height of a picture alone on its slide

  function fit(slide) {
    if (!slide || slide.getAttribute("data-course-fitted")) { return; }
    KINDS.forEach(function (kind) {
      var alone = kind === PICTURE && slide.hasAttribute("data-course-drawing");
      slide.style.setProperty(kind.name, (alone ? ALONE : kind.largest) + "px");
    });
    for (var round = 0; round < 4; round++) {
      var overflow = slide.scrollHeight - slide.clientHeight;
      if (overflow <= 1) { break; }
      KINDS.forEach(function (kind) {
        var tallest = 0, count = 0;
        slide.querySelectorAll(kind.selector).forEach(function (picture) {
          var height = picture.getBoundingClientRect().height / Reveal.getScale();
          if (height > 0) { tallest = Math.max(tallest, height); count++; }
        });
        if (count === 0) { return; }
        // pictures one under another share the overflow (a guess: side by side, they do
        // not, so after the first round each takes it all)
        var rows = kind === PICTURE && round === 0 ? count : 1;
        var wanted = Math.max(kind.smallest, Math.floor(tallest - overflow / rows));
        slide.style.setProperty(kind.name, wanted + "px");
      });
    }
    slide.setAttribute("data-course-fitted", "1");
  }

  function fitCurrent() {
    var slide = Reveal.getCurrentSlide();
    fit(slide);
    focusableScrolling(slide);
  }

  // A box that scrolls sideways on the slide shown (a wide table on a phone, course.css) can
  // be focused, so that the keyboard scrolls it (and axe-core's scrollable-region-focusable
  // holds); a box that does not scroll is not made a stop of the Tab key.
  function focusableScrolling(slide) {
    if (!slide) { return; }
    slide.querySelectorAll(".jp-RenderedHTMLCommon table, pre, .jp-OutputArea-output")
      .forEach(function (box) {
        if (box.scrollWidth > box.clientWidth + 1) {
          if (!box.hasAttribute("tabindex")) {
            box.setAttribute("tabindex", "0");
            box.setAttribute("data-course-scrolls", "1");
          }
        } else if (box.hasAttribute("data-course-scrolls")) {
          box.removeAttribute("tabindex");
          box.removeAttribute("data-course-scrolls");
        }
      });
  }

  // ------------------------------------------------- a tree too small for its text: a slide

  var NODE_TEXT = 18; // the smallest a tree's node names and values may be on the screen

  // The SVG document of a drawing: the <svg> itself, or the one an <img> shows.
  function documentOf(drawing) {
    if (drawing.tagName.toLowerCase() === "svg") { return drawing; }
    if (!drawing.hasOwnProperty("courseSvg")) {
      var parts = drawing.src.split(",");
      var text = /;base64$/.test(parts[0])
        ? new TextDecoder().decode(Uint8Array.from(atob(parts.slice(1).join(",")),
          function (character) { return character.charCodeAt(0); }))
        : decodeURIComponent(parts.slice(1).join(","));
      drawing.courseSvg = new DOMParser().parseFromString(text, "image/svg+xml")
        .querySelector("svg");
    }
    return drawing.courseSvg;
  }

  // The on-screen height of the smallest node text of a tree drawing (Infinity when it has
  // no node): its font size in the drawing's units times the drawing's scale.
  function smallestNodeText(drawing) {
    var svg = documentOf(drawing);
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) {
      return Infinity;
    }
    var smallest = Infinity;
    svg.querySelectorAll("g.node text").forEach(function (text) {
      if (!text.textContent.trim()) { return; }
      smallest = Math.min(smallest, parseFloat(text.getAttribute("font-size")) || Infinity);
    });
    if (smallest === Infinity) { return smallest; }
    var box = drawing.getBoundingClientRect(), view = svg.viewBox.baseVal;
    var scale = Math.min(box.width / view.width, box.height / view.height); // "contain"
    return smallest * scale;
  }

  // A slide's tree drawings (gamelib's pictures, not the players').
  function treesOf(slide) {
    return Array.prototype.filter.call(
      slide.querySelectorAll(".jp-RenderedSVG > img, .jp-RenderedHTMLCommon svg"),
      function (drawing) {
        return !drawing.closest(".gamelib-player") && !drawing.parentNode.closest("svg") &&
          (drawing.tagName.toLowerCase() === "svg" || /^data:image\/svg/.test(drawing.src));
      });
  }

  // A tree whose node text is under NODE_TEXT where it is goes on a slide of its own (the
  // slide's other content before and after it on slides of their own), which it fills.
  // Returns the slides made (to be looked at in turn).
  function treesAlone(slide) {
    if (slide.hasAttribute("data-course-drawing")) { return []; }
    var trees = treesOf(slide);
    if (trees.length === 0) { return []; }
    fit(slide); // (still fitted when nothing moves: splitIfTooTall need not fit it again)
    var small = trees.filter(function (drawing) {
      return smallestNodeText(drawing) < NODE_TEXT;
    });
    if (small.length === 0) { return []; }
    slide.removeAttribute("data-course-fitted");
    var drawing = small[0];
    var block = drawing.closest("figure, .jp-OutputArea-child, p") || drawing;
    var slides = alone(slide, block);
    slides[0].setAttribute("data-course-drawing", "alone");
    return slides.filter(function (made) { return made !== slide; });
  }

  // ------------------------------------- a tree zoomed in until its text is readable

  // A tree alone on its slide can still be too large for its text to reach NODE_TEXT (a
  // 27-leaf tree, a tree with its caption and legend under it): the drawing is trimmed to
  // its content (graphviz's padding dropped) and, when that is not enough, shown zoomed in:
  // a picture in parts, each on its own slide (tiles of the same drawing that overlap, so
  // that every node is whole on one of them, marked "part 1 of 3"), a player's tree as a
  // window that follows the current node (zoomPlayer). The drawing is the same SVG, only its
  // viewBox changes: the same trace, the same labels.

  var LABEL_TEXT = 14; // the smallest any other text of a drawing may be on the screen
  var SAFETY = 1.01; // rounding: aim a little above the goal
  var TRIM = 4; // drawing units kept around the content

  // The smallest font size of a drawing's node text and of its other text (drawing units).
  function fontsOf(svg) {
    var sizes = { node: Infinity, label: Infinity };
    svg.querySelectorAll("text").forEach(function (text) {
      if (!text.textContent.trim()) { return; }
      var size = parseFloat(text.getAttribute("font-size")) ||
        parseFloat(getComputedStyle(text).fontSize);
      var kind = text.closest("g.node") ? "node" : "label";
      sizes[kind] = Math.min(sizes[kind], size);
    });
    return sizes;
  }

  // The scale (slide pixels per drawing unit) at which every text of svg reaches its goal.
  function neededScale(svg) {
    var sizes = fontsOf(svg);
    return SAFETY * Math.max(NODE_TEXT / sizes.node, LABEL_TEXT / sizes.label, 0) /
      Reveal.getScale();
  }

  // The box (in the drawing's viewBox units) of what a graphviz drawing draws: its nodes,
  // edges and graph label, without the background that holds the padding and without the
  // arrow into the root. The drawing must
  // be laid out (on a shown slide, or inside measuring).
  function contentBox(svg) {
    var graph = svg.querySelector("g.graph") || svg.querySelector("g");
    if (!graph) { return null; }
    var left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
    var parts = [];
    Array.prototype.forEach.call(graph.children, function (child, index) {
      if (index === 0 && child.tagName.toLowerCase() === "polygon") { return; } // background
      // the arrow into the root (the only edge with an arrowhead) may leave the view; its
      // label (the root's window) may not
      if (child.classList.contains("edge") && child.querySelector("polygon")) {
        parts.push.apply(parts, child.querySelectorAll("text"));
      } else {
        parts.push(child);
      }
    });
    parts.forEach(function (part) {
      if (typeof part.getBBox !== "function") { return; }
      var box = part.getBBox();
      if (box.width === 0 && box.height === 0) { return; }
      left = Math.min(left, box.x);
      top = Math.min(top, box.y);
      right = Math.max(right, box.x + box.width);
      bottom = Math.max(bottom, box.y + box.height);
    });
    if (left === Infinity) { return null; }
    var box = viewUnits(svg)({ x: left, y: top, width: right - left, height: bottom - top });
    return { x: box.x - TRIM, y: box.y - TRIM, width: box.width + 2 * TRIM,
      height: box.height + 2 * TRIM };
  }

  // What maps a box in a graphviz drawing's graph units (getBBox of a part of it) to the
  // drawing's viewBox units (through the graph's transform).
  function viewUnits(svg) {
    var graph = svg.querySelector("g.graph") || svg.querySelector("g");
    var matrix = graph && graph.transform.baseVal.consolidate();
    matrix = matrix ? matrix.matrix : svg.createSVGMatrix();
    var corner = function (x, y) {
      return { x: matrix.a * x + matrix.c * y + matrix.e, y: matrix.b * x + matrix.d * y + matrix.f };
    };
    return function (box) {
      var first = corner(box.x, box.y), second = corner(box.x + box.width, box.y + box.height);
      return { x: Math.min(first.x, second.x), y: Math.min(first.y, second.y),
        width: Math.abs(second.x - first.x), height: Math.abs(second.y - first.y) };
    };
  }

  function setView(svg, box) {
    svg.setAttribute("viewBox", [box.x, box.y, box.width, box.height].map(function (number) {
      return number.toFixed(2);
    }).join(" "));
  }

  // The starts of count windows of length size covering [start, start + length], evenly
  // spread (neighbours overlap).
  function spread(start, length, size, count) {
    if (count <= 1) { return [start + (length - size) / 2]; }
    var starts = [];
    for (var index = 0; index < count; index++) {
      starts.push(start + index * (length - size) / (count - 1));
    }
    return starts;
  }

  // How many windows of length size cover length with neighbours overlapping by at least
  // overlap (a node cut by one window's edge is whole in its neighbour).
  function windowsNeeded(length, size, overlap) {
    if (length <= size) { return 1; }
    return Math.max(2, Math.ceil((length - overlap) / (size - overlap)));
  }

  // The parts (viewBoxes) a drawing with content box is shown in, in a room of width x
  // height slide pixels, at scale: one part (the content box) when it fits.
  function partsOf(box, width, height, scale) {
    var partWidth = Math.min(box.width, width / scale);
    var partHeight = Math.min(box.height, height / scale);
    var columns = windowsNeeded(box.width, partWidth, partWidth / 4);
    var rows = windowsNeeded(box.height, partHeight, partHeight / 4);
    var parts = [];
    spread(box.y, box.height, partHeight, rows).forEach(function (y) {
      spread(box.x, box.width, partWidth, columns).forEach(function (x) {
        parts.push({ x: x, y: y, width: partWidth, height: partHeight });
      });
    });
    return parts;
  }

  // The picture of a slide with a tree alone on it, as an inline SVG (an <img> showing an
  // SVG is replaced by the SVG itself, so that its viewBox can change), or null.
  function inlineTree(slide) {
    var drawing = treesOf(slide)[0];
    if (!drawing) { return null; }
    if (drawing.tagName.toLowerCase() !== "svg") {
      var svg = document.importNode(documentOf(drawing), true);
      svg.setAttribute("role", "img");
      if (drawing.alt && !svg.querySelector("title")) { svg.setAttribute("aria-label", drawing.alt); }
      drawing.parentNode.replaceChild(svg, drawing);
      drawing = svg;
    }
    drawing.removeAttribute("style");
    drawing.classList.add("course-zoomed");
    return drawing;
  }

  // A tree alone on its slide, trimmed to its content, and shown in parts when its text
  // would still be under the goal: the slide shows the first part, new slides after it the
  // others (the same cell, copied). Returns the new slides.
  // A drawing's caption (graphviz's graph label: a text right under the graph, in no node,
  // edge or cluster) spans the whole drawing, so a part of the drawing zoomed in would cut
  // it (the walk of issue 39 found deck 06's "tic-tac-toe, plies 0-3 up to symmetry: ..."
  // cut at part 1's right edge). It leaves the drawing for a line of text over it, on every
  // part (course.css: .course-zoom-caption). Returns whether there was a caption.
  function captionOut(svg) {
    var graph = svg.querySelector("g.graph");
    if (!graph) { return false; }
    var texts = Array.prototype.filter.call(graph.children, function (child) {
      return child.tagName.toLowerCase() === "text" && child.textContent.trim() !== "";
    });
    if (texts.length === 0) { return false; }
    var line = document.createElement("p");
    line.className = "course-zoom-caption";
    line.textContent = texts.map(function (text) { return text.textContent.trim(); }).join(" ");
    texts.forEach(function (text) { text.parentNode.removeChild(text); });
    svg.parentNode.insertBefore(line, svg);
    return true;
  }

  function zoomTree(slide) {
    if (!slide.hasAttribute("data-course-drawing") || slide.hasAttribute("data-course-zoomed")) {
      return [];
    }
    slide.setAttribute("data-course-zoomed", "1");
    var svg = inlineTree(slide);
    if (!svg) { return []; }
    // the room the drawing has on its slide (beside a figure's caption, say), fitted
    slide.removeAttribute("data-course-fitted");
    fit(slide);
    slide.removeAttribute("data-course-fitted"); // fitted again when shown
    clearOfCorner(svg);
    var room = svg.getBoundingClientRect(), scale = Reveal.getScale();
    var box = contentBox(svg);
    if (!box || !room.width || !room.height) { return []; }
    var parts = partsOf(box, room.width / scale, room.height / scale, neededScale(svg));
    if (parts.length > 1 && captionOut(svg)) {
      // the drawing has less room under its caption: fitted and cut again
      fit(slide);
      slide.removeAttribute("data-course-fitted");
      clearOfCorner(svg);
      room = svg.getBoundingClientRect();
      box = contentBox(svg);
      if (!box || !room.width || !room.height) { return []; }
      parts = partsOf(box, room.width / scale, room.height / scale, neededScale(svg));
    }
    setView(svg, parts[0]);
    if (parts.length === 1) { return []; }
    var cells = Array.prototype.filter.call(slide.children, function (cell) {
      return !cell.classList.contains("course-key-hint");
    });
    var made = [], after = slide;
    parts.forEach(function (part, index) {
      var shown = slide;
      if (index > 0) {
        shown = after = nextSlide(after, cells.map(function (cell) { return cell.cloneNode(true); }));
        setView(shown.querySelector("svg.course-zoomed"), part);
        made.push(shown);
      }
      var mark = document.createElement("div");
      mark.className = "course-part-mark";
      mark.textContent = document.documentElement.lang === "ja"
        ? "拡大表示：全 " + parts.length + " 枚のうち " + (index + 1) + " 枚目"
        : "zoomed in: part " + (index + 1) + " of " + parts.length;
      shown.appendChild(mark);
    });
    return made;
  }

  // A zoomed picture's room (the svg's own box) made to end before reveal.js's arrows and
  // slide number (revealCorner, with both arrows: every part of the picture is on a slide
  // that shows them), like a zoomed player's (roomBesideCorner): its right side or its bottom
  // moved in, whichever leaves the larger room, so that no part shows a node under them.
  function clearOfCorner(svg) {
    svg.style.removeProperty("width");
    svg.style.removeProperty("height");
    var corner = revealCorner(true);
    for (var round = 0; round < 3; round++) {
      var room = svg.getBoundingClientRect();
      var over = corner.filter(function (part) { return meets(part, room); });
      if (over.length === 0 || !room.width || !room.height) { return; }
      var left = Math.min.apply(null, over.map(function (part) { return part.left; }));
      var top = Math.min.apply(null, over.map(function (part) { return part.top; }));
      var beside = (left - room.left) * room.height, above = room.width * (top - room.top);
      if (beside >= above) {
        svg.style.setProperty("width", ((left - room.left) / Reveal.getScale()).toFixed(2) + "px",
          "important");
      } else {
        svg.style.setProperty("height", ((top - room.top) / Reveal.getScale()).toFixed(2) + "px",
          "important");
      }
    }
  }

  // A player's tree on its slide (the part "tree", see splitPlayers): trimmed to its content
  // and, when its text would be under the goal, zoomed in to a window that follows the
  // current node (centred on it, inside the drawing, then moved so that the current node is not
  // under the player's words, and as few other nodes as can be: clearOfWords). Run after every
  // step the player shows.
  function zoomPlayer(player) {
    if (player.getAttribute("data-course-part") !== "tree") {
      player.removeAttribute("data-course-zoomed");
      return;
    }
    var drawing = player.closest(".course-player-place") && player.querySelectorAll(".gamelib-drawing");
    if (!drawing) { return; }
    drawing.forEach(function (box) {
      var svg = box.querySelector("svg");
      if (!svg || svg.getClientRects().length === 0) { return; }
      var content = contentBox(svg);
      if (!content) { return; }
      // the union of the boxes seen: the view does not jump when a label comes or goes
      var seen = box.courseBox;
      if (seen) {
        var right = Math.max(seen.x + seen.width, content.x + content.width);
        var bottom = Math.max(seen.y + seen.height, content.y + content.height);
        content.x = Math.min(seen.x, content.x);
        content.y = Math.min(seen.y, content.y);
        content.width = right - content.x;
        content.height = bottom - content.y;
      }
      box.courseBox = content;
      roomBesideCorner(box, []); // the whole room, to see whether the tree is zoomed in it
      var room = box.getBoundingClientRect(), scale = neededScale(svg) * Reveal.getScale();
      var view = partsOf(content, room.width, room.height, scale)[0];
      var zoomed = view.width < content.width || view.height < content.height;
      // the last step of a zoomed tree: the whole tree, leaves included (an overview of
      // the search's result; its text is smaller than the zoomed steps')
      var overview = zoomed && Number(player.querySelector(".gamelib-slider").value) >=
        lastStep(player);
      if (overview) {
        zoomed = false;
        view = { x: content.x, y: content.y, width: content.width, height: content.height };
        player.setAttribute("data-course-overview", "1");
      } else {
        player.removeAttribute("data-course-overview");
      }
      if (zoomed && roomBesideCorner(box, revealCorner())) { // (still zoomed: a smaller room)
        room = box.getBoundingClientRect();
        view = partsOf(content, room.width, room.height, scale)[0];
      }
      var current = zoomed ? currentNode(svg) : null;
      if (zoomed) {
        var centre = current ? current.getBBox() : null;
        if (centre) {
          var graph = svg.querySelector("g.graph").transform.baseVal.consolidate();
          var matrix = graph ? graph.matrix : svg.createSVGMatrix();
          var x = matrix.a * (centre.x + centre.width / 2) + matrix.e;
          var y = matrix.d * (centre.y + centre.height / 2) + matrix.f;
          view.x = Math.max(content.x, Math.min(content.x + content.width - view.width,
            x - view.width / 2));
          view.y = Math.max(content.y, Math.min(content.y + content.height - view.height,
            y - view.height / 2));
        }
        player.setAttribute("data-course-zoomed", "1");
      } else {
        player.removeAttribute("data-course-zoomed");
      }
      setView(svg, view);
      if (current) { clearOfWords(player, svg, view); }
      if (!zoomed) { wholeClearOfOverlays(player, box, svg, content, overview); }
    });
  }

  // A zoomed tree's room made to end before what reveal.js draws over its bottom right
  // corner (corner: screen boxes, see revealCorner): its right side or its bottom moved in,
  // whichever leaves the larger room, so that no node shown in the window that follows the
  // current node is under them. With no corner box over the room, the whole room (inset by
  // course.css alone). Returns whether the room was made smaller.
  function roomBesideCorner(box, corner) {
    box.style.removeProperty("--course-clear-right");
    box.style.removeProperty("--course-clear-bottom");
    var room = box.getBoundingClientRect();
    var over = corner.filter(function (part) { return meets(part, room); });
    if (over.length === 0) { return false; }
    var left = Math.min.apply(null, over.map(function (part) { return part.left; }));
    var top = Math.min.apply(null, over.map(function (part) { return part.top; }));
    var beside = (left - room.left) * room.height, above = room.width * (top - room.top);
    var name = beside >= above ? "--course-clear-right" : "--course-clear-bottom";
    var cut = beside >= above ? room.right - left : room.bottom - top;
    box.style.setProperty(name, (cut / Reveal.getScale()).toFixed(2) + "px");
    return true;
  }

  // The screen boxes reveal.js draws over the bottom right corner of the current slide,
  // each widened by CORNER_GAP: its navigation arrows (one box around those the slide shows,
  // Reveal.availableRoutes, or with every true both the left and the right arrow, where they
  // stand once shown: their layout boxes, without the transform that slides a hidden arrow
  // in) and its slide number. Empty when it shows none.
  function revealCorner(every) {
    var routes = Reveal.availableRoutes();
    if (every) { routes = { left: true, right: true, up: routes.up, down: routes.down }; }
    var controls = document.querySelector(".reveal .controls");
    var parts = [], arrows = null;
    if (controls && controls.getClientRects().length > 0) {
      var origin = controls.getBoundingClientRect();
      controls.querySelectorAll("button").forEach(function (button) {
        var direction = /navigate-(left|right|up|down)/.exec(button.className);
        if (!direction || !routes[direction[1]] || button.offsetWidth === 0) { return; }
        var left = origin.left + button.offsetLeft, top = origin.top + button.offsetTop;
        arrows = union(arrows, { left: left, top: top, right: left + button.offsetWidth,
          bottom: top + button.offsetHeight });
      });
    }
    if (arrows) { parts.push(arrows); }
    var number = document.querySelector(".reveal .slide-number");
    if (number && number.getClientRects().length > 0) {
      var box = number.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) {
        parts.push({ left: box.left, top: box.top, right: box.right, bottom: box.bottom });
      }
    }
    return parts.map(function (part) { return widened(part, CORNER_GAP); });
  }

  var CORNER_GAP = 8; // screen pixels kept between a node and reveal.js's arrows or number

  // A player's tree shown whole (not zoomed): drawn as large as it can be with none of its
  // nodes under what lies over the slide at any step: the player's words (and the key hint
  // under them), measured with the panel's tallest sentence and counts of every step in
  // every view (wordsBand), and reveal.js's arrows and slide number in the bottom right
  // corner (revealCorner), so the drawing keeps its size and place from step to step. Of
  // the sizes from the largest (the tree filling the slide) down to the smallest that keeps
  // its text readable (neededScale), the largest at which the tree, centred or moved to a
  // side or a corner of the room, clears them all is taken; at that size, centred first,
  // then moved right, down, right and down (away from the words), left, up, left and up
  // (away from the corner), right and up, left and down, then to where a node just clears
  // one of them (edgePlaces), nearest the centre first. When no size clears them all, the
  // same search for the words alone; when none clears the words, nothing moves. The view
  // found is kept (on box) for the next steps while the content, the room, the words and
  // the corner stay the same.
  var OVERVIEW_SMALLEST = 0.5;

  function wholeClearOfOverlays(player, box, svg, content, overview) {
    var band = wordsBand(player, box);
    var corner = revealCorner();
    var overlays = (band ? [band] : []).concat(corner);
    if (overlays.length === 0) { return; }
    var room = box.getBoundingClientRect();
    var key = [content.x, content.y, content.width, content.height, room.left, room.top,
      room.width, room.height, box.courseBand ? box.courseBand.key : "", !!overview];
    overlays.forEach(function (part) { key.push(part.left, part.top, part.right, part.bottom); });
    key = key.join(" ");
    if (box.courseWhole && box.courseWhole.key === key) {
      if (box.courseWhole.view) { setView(svg, box.courseWhole.view); }
      return;
    }
    var full = Math.min(room.width / content.width, room.height / content.height);
    // (an overview, see zoomPlayer, is already under its text's goal: it may shrink to half)
    var smallest = overview ? OVERVIEW_SMALLEST : neededScale(svg) * Reveal.getScale() / full;
    var toView = viewUnits(svg);
    var nodes = Array.prototype.map.call(svg.querySelectorAll("g.node"), function (node) {
      return toView(node.getBBox());
    });
    var view = clearView(room, content, nodes, full, smallest, overlays) ||
      (band && corner.length > 0 ? clearView(room, content, nodes, full, smallest, [band]) : null);
    box.courseWhole = { key: key, view: view };
    if (view) { setView(svg, view); }
  }

  // The view (viewBox) that draws content (its nodes: boxes in view units) in room (a screen
  // box) as large as it can be, from full screen pixels per unit down to smallest times
  // that, with no node meeting any of overlays (screen boxes), placed as wholeClearOfOverlays
  // says; null when no size and place clears them.
  function clearView(room, content, nodes, full, smallest, overlays) {
    var clear = function (pixels, left, top) {
      return nodes.every(function (node) {
        var x = left + pixels * (node.x - content.x), y = top + pixels * (node.y - content.y);
        var shown = { left: x, top: y, right: x + pixels * node.width,
          bottom: y + pixels * node.height };
        return overlays.every(function (part) { return !meets(shown, part); });
      });
    };
    for (var size = 1; size >= smallest; size -= 0.01) {
      var pixels = full * size;
      var width = pixels * content.width, height = pixels * content.height;
      var across = { centre: room.left + (room.width - width) / 2, right: room.right - width,
        left: room.left };
      var down = { centre: room.top + (room.height - height) / 2, bottom: room.bottom - height,
        top: room.top };
      var places = [["centre", "centre"], ["right", "centre"], ["centre", "bottom"],
        ["right", "bottom"], ["left", "centre"], ["centre", "top"], ["left", "top"],
        ["right", "top"], ["left", "bottom"]];
      var corners = places.map(function (place) {
        return [across[place[0]], down[place[1]]];
      }).concat(edgePlaces(room, content, nodes, overlays, pixels, width, height));
      for (var index = 0; index < corners.length; index++) {
        var left = corners[index][0], top = corners[index][1];
        if (!clear(pixels, left, top)) { continue; }
        return {
          x: content.x - (left - room.left) / pixels, y: content.y - (top - room.top) / pixels,
          width: room.width / pixels, height: room.height / pixels,
        };
      }
    }
    return null;
  }

  // The other places (screen left and top of content drawn at pixels per unit, width x
  // height, inside room) worth trying: where a node just clears an overlay on one side, on
  // each axis (or the room's edges or centre), nearest the centre first.
  function edgePlaces(room, content, nodes, overlays, pixels, width, height) {
    var inside = function (value, low, high) { return Math.max(low, Math.min(high, value)); };
    var lefts = [room.left, room.right - width, room.left + (room.width - width) / 2];
    var tops = [room.top, room.bottom - height, room.top + (room.height - height) / 2];
    nodes.forEach(function (node) {
      overlays.forEach(function (part) {
        lefts.push(part.right + 0.5 - pixels * (node.x - content.x),
          part.left - 0.5 - pixels * (node.x + node.width - content.x));
        tops.push(part.bottom + 0.5 - pixels * (node.y - content.y),
          part.top - 0.5 - pixels * (node.y + node.height - content.y));
      });
    });
    var centre = [lefts[2], tops[2]], places = [];
    lefts.forEach(function (left) {
      left = inside(left, room.left, room.right - width);
      tops.forEach(function (top) {
        places.push([left, inside(top, room.top, room.bottom - height)]);
      });
    });
    var distance = function (place) {
      return Math.abs(place[0] - centre[0]) + Math.abs(place[1] - centre[1]);
    };
    return places.sort(function (first, second) { return distance(first) - distance(second); });
  }

  // The screen box a tree slide's player's words take at most (wordsBox with the panel's
  // tallest sentence and tallest counts of any step in any view, and the slide's key hint
  // under them), widened by WORDS_GAP; measured once per view and scale (cached on box).
  function wordsBand(player, box) {
    var choice = player.querySelector(".gamelib-view");
    var key = (choice ? choice.value : "") + " " + Reveal.getScale();
    if (box.courseBand && box.courseBand.key === key) { return box.courseBand.band; }
    var source = player.querySelector("script.gamelib-data");
    var panel = box.closest(".gamelib-panel");
    if (!source || !panel) { return null; }
    var data = JSON.parse(source.textContent);
    var index = Array.prototype.indexOf.call(player.querySelectorAll(".gamelib-panel"), panel);
    var total = String(data.lengths[index]);
    var sentences = [], counts = [];
    Object.keys(data.views).forEach(function (name) {
      var trace = data.views[name][index];
      trace.sentences.forEach(function (sentence) {
        sentences.push(data.words.step_sentence.replace(/[{]step[}]|[{]total[}]/g, total)
          .replace("{sentence}", sentence));
      });
      counts.push.apply(counts, trace.counts);
    });
    var tallest = function (element, texts) {
      var shown = element.textContent, best = shown, height = -1;
      texts.forEach(function (text) {
        element.textContent = text;
        var measured = element.getBoundingClientRect().height;
        if (measured > height) { height = measured; best = text; }
      });
      element.textContent = best;
      return shown;
    };
    var sentence = panel.querySelector(".gamelib-sentence");
    var count = panel.querySelector(".gamelib-counts");
    var shownSentence = sentence ? tallest(sentence, sentences) : null;
    var shownCount = count ? tallest(count, counts) : null;
    var band = wordsBox(player);
    var hint = player.closest("section") &&
      player.closest("section").querySelector(".course-key-hint");
    if (band && hint && hint.getClientRects().length > 0) {
      band = union(band, hint.getBoundingClientRect());
    }
    if (sentence) { sentence.textContent = shownSentence; }
    if (count) { count.textContent = shownCount; }
    if (band) { band = widened(band, WORDS_GAP); }
    box.courseBand = { key: key, band: band };
    return band;
  }

  var WORDS_GAP = 8; // screen pixels kept between the player's words and a node moved clear

  function meets(first, second) {
    return first.left < second.right && second.left < first.right &&
      first.top < second.bottom && second.top < first.bottom;
  }

  // The smallest box (left, top, right, bottom) holding both boxes; the second alone (as a
  // plain box) when the first is null.
  function union(first, second) {
    if (!first) {
      return { left: second.left, top: second.top, right: second.right, bottom: second.bottom };
    }
    return { left: Math.min(first.left, second.left), top: Math.min(first.top, second.top),
      right: Math.max(first.right, second.right), bottom: Math.max(first.bottom, second.bottom) };
  }

  // box grown by gap on every side.
  function widened(box, gap) {
    return { left: box.left - gap, top: box.top - gap, right: box.right + gap,
      bottom: box.bottom + gap };
  }

  function moved(box, dx, dy) {
    return { left: box.left + dx, right: box.right + dx, top: box.top + dy, bottom: box.bottom + dy };
  }

  // The screen box of a player's words on a tree slide (its controls, title and sentence,
  // which sit over the drawing's top left corner, see course.css), or null.
  function wordsBox(player) {
    var box = null;
    player.querySelectorAll(".gamelib-controls, .gamelib-title, .gamelib-sentence")
      .forEach(function (words) {
        if (words.getClientRects().length === 0) { return; }
        box = union(box, words.getBoundingClientRect());
      });
    return box;
  }

  // A zoomed player's nodes: the current node (the thickest outline), the open nodes (the
  // search's path to it, outlined thicker than the rest: gamelib's line_width) and the others.
  function nodesOf(svg) {
    var widths = new Map();
    svg.querySelectorAll("g.node [stroke-width]").forEach(function (shape) {
      var node = shape.closest("g.node");
      widths.set(node, Math.max(widths.get(node) || 0,
        parseFloat(shape.getAttribute("stroke-width")) || 0));
    });
    var thinnest = Math.min.apply(null, Array.from(widths.values()));
    var current = currentNode(svg).closest("g.node");
    var open = [], others = [];
    widths.forEach(function (width, node) {
      if (node !== current) { (width > thinnest ? open : others).push(node); }
    });
    return { current: current, open: open, others: others };
  }

  // Move a zoomed player's view (set to view) so that its nodes are not under the player's
  // words (which sit over the drawing's top left corner): the current node never, then as few
  // open nodes as can be, then as few others. The view moves right or down (what lies left of
  // or above it comes in) by the least that clears one node; of those moves (and not moving),
  // the one that keeps the current node whole on the drawing and clear of the words, with the
  // fewest open nodes under them, then the fewest others, then the shortest.
  function clearOfWords(player, svg, view) {
    var words = wordsBox(player);
    if (!words) { return; }
    var frame = svg.getBoundingClientRect();
    var nodes = nodesOf(svg);
    var boxOf = function (node) { return node.getBoundingClientRect(); };
    var current = boxOf(nodes.current);
    var open = nodes.open.map(boxOf), others = nodes.others.map(boxOf);
    var moves = [[0, 0]];
    [current].concat(open, others).forEach(function (box) {
      if (!meets(box, words)) { return; }
      moves.push([words.right + WORDS_GAP - box.left, 0], [0, words.bottom + WORDS_GAP - box.top]);
    });
    var under = function (boxes, move) {
      return boxes.filter(function (box) { return meets(moved(box, move[0], move[1]), words); })
        .length;
    };
    var best = null;
    moves.forEach(function (move) {
      var shifted = moved(current, move[0], move[1]);
      var whole = shifted.left >= frame.left && shifted.right <= frame.right &&
        shifted.top >= frame.top && shifted.bottom <= frame.bottom;
      if (!whole || meets(shifted, words)) { return; }
      var rank = [under(open, move), under(others, move), Math.abs(move[0]) + Math.abs(move[1])];
      if (!best || rank[0] < best.rank[0] || (rank[0] === best.rank[0] &&
          (rank[1] < best.rank[1] || (rank[1] === best.rank[1] && rank[2] < best.rank[2])))) {
        best = { rank: rank, move: move };
      }
    });
    if (!best || best.rank[2] === 0) { return; }
    var pixels = Math.min(frame.width / view.width, frame.height / view.height);
    setView(svg, {
      x: view.x - best.move[0] / pixels, y: view.y - best.move[1] / pixels,
      width: view.width, height: view.height,
    });
  }

  // The outline of a player's current node: the thickest of its drawing (gamelib's
  // line_width: the current node's outline is thicker than any other), or null.
  function currentNode(svg) {
    var thickest = null, width = 0;
    svg.querySelectorAll("g.node [stroke-width]").forEach(function (shape) {
      var shapeWidth = parseFloat(shape.getAttribute("stroke-width")) || 0;
      if (shapeWidth > width) { thickest = shape; width = shapeWidth; }
    });
    return thickest;
  }

  // Keep a player's tree zoomed: after every step it shows (its buttons, slider and choices
  // act first, then this; a step shown by "play" is caught by the observer).
  // On a part of a split player the controls count the steps of the part's panel, as its
  // sentence does ("step 3 of 85: ..."): the player's own count is its longest panel's
  // (side by side searches differ in length: "step 3 of 93"), a step the part never shows.
  // The words are the player's own (its data's "step_of", in the deck's language).
  function partStepLabel(player) {
    var slide = player.closest("section");
    var label = player.querySelector(".gamelib-step");
    if (!slide || !label || !slide.hasAttribute("data-course-panel")) { return; }
    if (!player.hasOwnProperty("courseStepWords")) {
      var source = player.querySelector("script.gamelib-data");
      player.courseStepWords = source ? JSON.parse(source.textContent).words.step_of : null;
    }
    if (!player.courseStepWords) { return; }
    var total = lastStep(player);
    var step = Math.min(Number(player.querySelector(".gamelib-slider").value), total);
    var text = player.courseStepWords.replace("{step}", String(step))
      .replace("{total}", String(total));
    if (label.textContent !== text) { label.textContent = text; }
  }

  function followSteps(player) {
    var again = function () { zoomPlayer(player); partStepLabel(player); };
    ["click", "input", "change"].forEach(function (kind) { player.addEventListener(kind, again); });
    if (window.MutationObserver) {
      var observer = new MutationObserver(again);
      player.querySelectorAll(".gamelib-drawing").forEach(function (box) {
        observer.observe(box, { childList: true });
      });
    }
  }

  // ---------------------------------------------------------- a player's parts, one a slide

  // A player's tree drawn as large as a slide allows still has small text (a tree of 380 pt
  // with 11 pt names needs the whole height of the slide for them to be 18 px high), so on
  // the slides a player is shown in parts, each on its own slide: each panel's tree (under
  // its title, sentence and the controls), then each panel's windows on their number line
  // (with the legend). The player itself moves onto the slide of the part shown (placePlayer),
  // so every part shows the same step and view.
  var groups = 0;

  // The chain of shallow copies of element's ancestors from the slide's cell down to its
  // parent (without ids): [the cell's copy, the parent's copy].
  function shellOf(slide, element) {
    var chain = [];
    for (var node = element.parentNode; node !== slide; node = node.parentNode) {
      chain.unshift(node);
    }
    var copies = chain.map(function (ancestor) {
      var copy = ancestor.cloneNode(false);
      copy.removeAttribute("id");
      return copy;
    });
    for (var level = 0; level + 1 < copies.length; level++) {
      copies[level].appendChild(copies[level + 1]);
    }
    return [copies[0], copies[copies.length - 1]];
  }

  // Show a part slide's part of its player: the player moves into the slide's place for it
  // and shows the panel numbered data-course-panel, its tree or its windows (a tree takes
  // the whole slide, its words over its top left corner).
  function placePlayer(slide) {
    var group = slide && slide.getAttribute("data-course-group");
    if (!group) { return; }
    var player = document.querySelector('.gamelib-player[data-course-group="' + group + '"]');
    var place = slide.querySelector(".course-player-place");
    if (!player || !place) { return; }
    if (player.parentNode !== place) {
      place.appendChild(player);
      slide.removeAttribute("data-course-fitted");
    }
    var panel = Number(slide.getAttribute("data-course-panel"));
    player.setAttribute("data-course-part", slide.getAttribute("data-course-part"));
    player.querySelectorAll(".gamelib-panel").forEach(function (element, index) {
      element.style.display = index === panel ? "" : "none";
    });
    zoomPlayer(player);
    partStepLabel(player);
  }

  // Each part of a split player is an animation of its own, like reveal.js's fragments: come
  // to it with → (from the slide before it) and it starts at its first step, come back to it
  // with ← (from the slide after it) and it shows its last step; so → steps every part from
  // its first step to its last before the next slide. A jump (Page Up / Down, the overview,
  // an address) keeps the step shown.
  function startPart(slide, previous) {
    if (!slide || !previous || !slide.hasAttribute("data-course-group")) { return; }
    var player = slide.querySelector(".gamelib-player");
    if (!player) { return; }
    var slides = Reveal.getSlides();
    var distance = slides.indexOf(slide) - slides.indexOf(previous);
    if (distance === 1) { showStep(player, 0); }
    else if (distance === -1) { showStep(player, lastStep(player)); }
  }

  // Whether a node shows something (text or a picture; not a style or a script, nor what
  // the theme never shows: a prompt such as "Out[7]:", speaker notes). An output's prompt
  // counted as shown would leave its cell behind, blank, when the player moves on.
  function shows(node) {
    if (node.nodeType === Node.TEXT_NODE) { return node.textContent.trim() !== ""; }
    if (node.nodeType !== Node.ELEMENT_NODE || /^(STYLE|SCRIPT)$/.test(node.tagName)) {
      return false;
    }
    if (getComputedStyle(node).display === "none") { return false; }
    return node.textContent.trim() !== "" || !!node.querySelector("img, svg, table");
  }

  // The nearest node after element (in the slide's order) that shows something, or null.
  function shownAfter(slide, element) {
    for (var node = element; node !== slide; node = node.parentNode) {
      for (var next = node.nextSibling; next; next = next.nextSibling) {
        if (shows(next)) { return next; }
      }
    }
    return null;
  }

  // Whether something is shown before element on the slide.
  function shownBefore(slide, element) {
    for (var node = element; node !== slide; node = node.parentNode) {
      for (var previous = node.previousSibling; previous; previous = previous.previousSibling) {
        if (shows(previous)) { return true; }
      }
    }
    return false;
  }

  // Put element on a slide of its own: what comes before it stays on slide, what comes after
  // it goes on a slide after it. Returns the slides: [element's, and any new ones].
  function alone(slide, element) {
    var slides = [slide];
    if (shownBefore(slide, element)) { slides = [cutBefore(slide, element)]; }
    var after = shownAfter(slides[0], element);
    if (after) {
      slides.push(after.parentNode === slides[0] ? moveFrom(slides[0], after)
        : cutBefore(slides[0], after));
    }
    return slides;
  }

  function splitPlayers() {
    var split = false;
    var players = Array.prototype.slice.call(
      document.querySelectorAll(".reveal .slides section .gamelib-player"));
    players.forEach(function (player) {
      var parts = [];
      player.querySelectorAll(".gamelib-panel").forEach(function (panel, index) {
        parts.push([index, "tree"]);
        if (panel.querySelector(".gamelib-caption")) { parts.push([index, "windows"]); }
      });
      if (parts.length < 2) { return; }
      var slide = alone(player.closest("section"), player)[0];
      var group = String(++groups);
      player.setAttribute("data-course-group", group);
      player.parentNode.classList.add("course-player-place");
      var after = slide;
      parts.forEach(function (part, index) {
        if (index > 0) {
          var shell = shellOf(slide, player);
          shell[1].classList.add("course-player-place");
          after = nextSlide(after, [shell[0]]);
        }
        after.setAttribute("data-course-group", group);
        after.setAttribute("data-course-panel", String(part[0]));
        after.setAttribute("data-course-part", part[1]);
      });
      placePlayer(slide);
      followSteps(player);
      split = true;
    });
    if (split) { Reveal.sync(); }
  }

  // ------------------------------------------------------- long prose: the speaker's notes

  // A slide carries what a lecturer projects: a paragraph of the notebook longer than
  // PROSE_LINES lines on the slide keeps its first sentence (its claim) there, and the whole
  // paragraph goes into the slide's speaker notes (an <aside class="notes"> after it, which
  // reveal.js's notes view, key S, shows). A paragraph holding a picture, or of one sentence,
  // stays as it is.
  var PROSE_LINES = 3;
  var SENTENCE_END = /[.!?][)"\u201d\u2019]*(?=\s)|[\u3002\uff01\uff1f][)\u300d\u300f\uff09]*/g;
  // an initial is a lone letter after a space or a bracket ("J. Pearl"), not the "s" of
  // "the referee's." (a word boundary falls after the apostrophe)
  var NOT_AN_END = /(?:\b(?:e\.g|i\.e|etc|vs|cf|Fig|No|pp|resp)|(?:^|[\s(\[])[A-Za-z])\.$/;

  // Where a paragraph's first sentence ends: [text node, offset after its end], or null. A
  // sentence ends at ".", "!" or "?" before a space (not "e.g.", "vs." or an initial), or at
  // "。", "！" or "？", never inside code; the paragraph's text is read across its elements
  // ("<strong>Trust the key.</strong> The ...").
  function firstSentenceEnd(paragraph) {
    var walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
    var texts = [], whole = "";
    for (var text = walker.nextNode(); text; text = walker.nextNode()) {
      texts.push({ node: text, start: whole.length,
        code: !!text.parentNode.closest("code, .MathJax, mjx-container") });
      whole += text.data;
    }
    SENTENCE_END.lastIndex = 0;
    for (var match = SENTENCE_END.exec(whole); match; match = SENTENCE_END.exec(whole)) {
      var end = match.index + match[0].length;
      if (!whole.slice(end).trim()) { return null; } // the paragraph's last sentence
      if (NOT_AN_END.test(whole.slice(0, match.index + 1))) { continue; }
      var holder = null;
      texts.forEach(function (piece) {
        if (piece.start <= match.index && match.index < piece.start + piece.node.data.length) {
          holder = piece;
        }
      });
      if (!holder || holder.code) { continue; }
      return [holder.node, Math.min(end - holder.start, holder.node.data.length)];
    }
    return null;
  }

  function linesOf(element) {
    var style = getComputedStyle(element);
    var line = parseFloat(style.lineHeight) || 1.35 * parseFloat(style.fontSize);
    return Math.round(element.getBoundingClientRect().height / Reveal.getScale() / line);
  }

  // The long paragraphs of one slide to its speaker notes; the slide must be laid out. An
  // item of a list (a summary's bullet, a numbered step) is prose too: one over PROSE_LINES
  // lines keeps its first sentence, and the whole item goes into notes at its end (inside
  // the item, so that the list stays one list); an item of a list inside an item likewise.
  // An item holding a list (its own words lead into it), a picture or a table, or of one
  // sentence, stays as it is.
  function proseToNotes(slide) {
    slide.querySelectorAll(".jp-MarkdownCell .jp-RenderedMarkdown > p").forEach(function (paragraph) {
      if (paragraph.querySelector("img, svg") || linesOf(paragraph) <= PROSE_LINES) { return; }
      var end = firstSentenceEnd(paragraph);
      if (!end) { return; }
      var notes = document.createElement("aside");
      notes.className = "notes";
      notes.appendChild(paragraph.cloneNode(true));
      notes.firstChild.removeAttribute("id");
      var rest = document.createRange();
      rest.setStart(end[0], end[1]);
      rest.setEndAfter(paragraph.lastChild);
      rest.deleteContents();
      paragraph.setAttribute("data-course-claim", "1");
      paragraph.parentNode.insertBefore(notes, paragraph.nextSibling);
    });
    slide.querySelectorAll(".jp-MarkdownCell .jp-RenderedMarkdown li").forEach(function (item) {
      if (item.querySelector("ul, ol, img, svg, table, pre, aside") ||
          linesOf(item) <= PROSE_LINES) { return; }
      var end = firstSentenceEnd(item);
      if (!end) { return; }
      var notes = document.createElement("aside");
      notes.className = "notes";
      var whole = document.createElement("p");
      Array.prototype.forEach.call(item.childNodes, function (node) {
        whole.appendChild(node.cloneNode(true));
      });
      notes.appendChild(whole);
      var rest = document.createRange();
      rest.setStart(end[0], end[1]);
      rest.setEndAfter(item.lastChild);
      rest.deleteContents();
      item.setAttribute("data-course-claim", "1");
      item.appendChild(notes);
    });
  }

  function lectureNotes() {
    document.querySelectorAll(".reveal .slides section").forEach(function (slide) {
      if (slide.querySelector("section")) { return; } // a vertical stack
      measuring(slide, function () { proseToNotes(slide); });
    });
  }

  // ------------------------------------------------------------- code that wraps readably

  var HANG = 4; // characters a wrapped code line goes on indented by, past its own indent

  // A code listing (a code cell, a Markdown code block: highlighted <pre>) with each line a
  // block of its own that wraps under itself: a line too long for the slide goes on indented
  // by HANG characters past its own indent, never from column 0 (which reads as a new line,
  // and in Python as a syntax error). The highlighted spans are cut at the line ends; the
  // text is the same.
  function hangingIndent(pre) {
    if (pre.hasAttribute("data-course-lines")) { return; }
    var lines = [[]];
    Array.prototype.slice.call(pre.childNodes).forEach(function (node) {
      var pieces = node.textContent.split("\n");
      pieces.forEach(function (piece, index) {
        if (index > 0) { lines.push([]); }
        if (piece === "") { return; }
        var copy = node.nodeType === Node.ELEMENT_NODE ? node.cloneNode(false)
          : document.createTextNode("");
        copy.textContent = piece;
        lines[lines.length - 1].push(copy);
      });
    });
    if (lines.length > 1 && lines[lines.length - 1].length === 0) { lines.pop(); }
    pre.textContent = "";
    lines.forEach(function (nodes) {
      var line = document.createElement("span");
      line.className = "course-code-line";
      var text = nodes.map(function (node) { return node.textContent; }).join("");
      var hang = text.length - text.replace(/^ +/, "").length + HANG;
      line.style.paddingLeft = hang + "ch";
      line.style.textIndent = -hang + "ch";
      nodes.forEach(function (node) { line.appendChild(node); });
      pre.appendChild(line);
    });
    pre.setAttribute("data-course-lines", String(lines.length));
  }

  function hangCode() {
    document.querySelectorAll(".reveal .slides .highlight pre").forEach(hangingIndent);
  }

  // ---------------------------------------------------------------- slides that fit the frame

  var SMALLEST_PART = 3; // table rows or printout lines worth keeping on a slide
  var SMALLEST_TAIL = 2; // code lines worth a slide of their own (the rest of a listing)

  // Lay a slide out even when reveal.js hides it (display: none, hidden), run measure, and
  // put the slide back as it was.
  function measuring(slide, measure) {
    var shown = [slide];
    if (slide.parentNode && slide.parentNode.tagName === "SECTION") { shown.push(slide.parentNode); }
    var saved = shown.map(function (element) {
      var before = { display: element.style.display, hidden: element.hasAttribute("hidden") };
      element.style.display = "block";
      element.removeAttribute("hidden");
      return before;
    });
    try { return measure(); } finally {
      shown.forEach(function (element, index) {
        element.style.display = saved[index].display;
        if (saved[index].hidden) { element.setAttribute("hidden", ""); }
      });
    }
  }

  // The lowest screen y the slide's content may reach without being cut off.
  function bottomOf(slide) {
    var padding = parseFloat(getComputedStyle(slide).paddingBottom) || 0;
    return slide.getBoundingClientRect().top
      + (slide.clientHeight - padding) * Reveal.getScale() + 1;
  }

  function overflowOf(slide) { return slide.scrollHeight - slide.clientHeight; }

  // The cell (a child of the slide) holding element.
  function cellOf(slide, element) {
    while (element.parentNode !== slide) { element = element.parentNode; }
    return element;
  }

  // Split a cell before block: the cell keeps what comes before block; returned is a new
  // cell (a shallow copy of the cell and of block's ancestors in it, without ids) holding
  // block and everything after it in the cell. The nodes are moved, not copied, so a
  // player's script keeps working.
  function splitOff(cell, block) {
    var chain = [];
    for (var node = block.parentNode; node !== cell.parentNode; node = node.parentNode) {
      chain.unshift(node);
    }
    var copies = chain.map(function (element) {
      var copy = element.cloneNode(false);
      copy.removeAttribute("id");
      return copy;
    });
    for (var level = 0; level + 1 < copies.length; level++) {
      copies[level].appendChild(copies[level + 1]);
    }
    var deepest = copies[copies.length - 1];
    for (var moving = block; moving; ) {
      var next = moving.nextSibling;
      deepest.appendChild(moving);
      moving = next;
    }
    for (level = copies.length - 2; level >= 0; level--) {
      for (moving = chain[level + 1].nextSibling; moving; ) {
        next = moving.nextSibling;
        copies[level].appendChild(moving);
        moving = next;
      }
    }
    return copies[0];
  }

  // reveal.js's marks of where a slide stands (the one shown is "present"): never copied
  // onto a new slide, which would be shown on top of the slide it was split from
  var STANDING = ["present", "past", "future", "visible"];
  var STATE_ATTRIBUTES = /^(id|style|hidden|aria-hidden|data-index-h|data-index-v|data-previous-indexv)$/;

  // A new slide right after slide (in the same vertical stack), holding the given cells. It
  // takes slide's attributes but not reveal.js's state of slide (its classes present, past,
  // future, its hidden): reveal.js gives it its own (Reveal.sync, then showCurrent).
  function nextSlide(slide, cells) {
    var added = document.createElement("section");
    Array.prototype.forEach.call(slide.attributes, function (attribute) {
      if (!STATE_ATTRIBUTES.test(attribute.name)) {
        added.setAttribute(attribute.name, attribute.value);
      }
    });
    STANDING.forEach(function (name) { added.classList.remove(name); });
    if (added.getAttribute("class") === "") { added.removeAttribute("class"); }
    added.removeAttribute("data-course-fitted");
    cells.forEach(function (cell) { added.appendChild(cell); });
    slide.parentNode.insertBefore(added, slide.nextSibling);
    return added;
  }

  // The cells from cell on (a cell and those after it) moved to a new next slide.
  function moveFrom(slide, cell) {
    var moved = [];
    for (var node = cell; node; node = node.nextSibling) { moved.push(node); }
    return nextSlide(slide, moved);
  }

  // The slide cut before block (in one of its cells): block, the rest of its cell and the
  // cells after it go on a new next slide.
  function cutBefore(slide, block) {
    var cell = cellOf(slide, block);
    var moved = [splitOff(cell, block)];
    for (var node = cell.nextSibling; node; node = node.nextSibling) { moved.push(node); }
    return nextSlide(slide, moved);
  }

  // Cut a block made of parts (a table's body rows, a list's items) after the parts that fit
  // above bottom: the rest goes on a new slide (a table under a copy of its title row, a
  // numbered list going on with its numbers). Returns the new slide, or null when too few
  // parts fit.
  function cutParts(slide, block, bottom) {
    var parts = block.tagName === "TABLE"
      ? Array.prototype.filter.call(block.rows, function (row) {
          return row.parentNode.tagName !== "THEAD";
        })
      : Array.prototype.filter.call(block.children, function (item) {
          return item.tagName === "LI";
        });
    var kept = 0;
    while (kept < parts.length && parts[kept].getBoundingClientRect().bottom <= bottom) { kept++; }
    var smallest = block.tagName === "TABLE" ? SMALLEST_PART : 1;
    if (kept < smallest || kept === parts.length) { return null; }
    var added = cutBefore(slide, parts[kept]);
    var rest = parts[kept].closest("table, ul, ol");
    if (block.tHead) { rest.insertBefore(block.tHead.cloneNode(true), rest.firstChild); }
    if (block.tagName === "OL") {
      rest.setAttribute("start", String((Number(block.getAttribute("start")) || 1) + kept));
    }
    return added;
  }

  // A printed table's title lines (its first line and the rule under it: "b  d  minimax" over
  // "-  -  -------"), repeated over its rows continued on the next slide; none for a printout
  // that is not such a table, when the cut is inside the title, or when no row goes on (the
  // table ended at a blank line above the cut, or the first line after the cut is blank: what
  // goes on is the rest of the printout, not the table).
  var RULE = /^[\s\-=─━|+:]*[-=─━]{3,}[\s\-=─━|+:]*$/;
  function headOf(lines, kept) {
    if (!(lines.length > 2 && kept > 2 && RULE.test(lines[1]))) { return []; }
    for (var index = 2; index <= kept && index < lines.length; index++) {
      if (!lines[index].trim()) { return []; }
    }
    return lines.slice(0, 2);
  }

  // Cut a printout (a <pre>) after its lines that fit above bottom: the other lines go on
  // a new slide. Returns the new slide, or null when too few lines fit.
  function cutPrintout(slide, pre, bottom) {
    var style = getComputedStyle(pre);
    var line = parseFloat(style.lineHeight) * Reveal.getScale();
    var top = pre.getBoundingClientRect().top + (parseFloat(style.paddingTop) || 0);
    var lines = pre.textContent.replace(/\n$/, "").split("\n");
    var kept = Math.floor((bottom - top - (parseFloat(style.paddingBottom) || 0)) / line);
    if (!(line > 0) || kept < SMALLEST_PART || kept >= lines.length) { return null; }
    // a line that wraps takes more than one line's height: keep fewer until the part fits
    pre.textContent = lines.slice(0, kept).join("\n");
    while (kept > SMALLEST_PART && pre.getBoundingClientRect().bottom > bottom) {
      kept--;
      pre.textContent = lines.slice(0, kept).join("\n");
    }
    var rest = pre.cloneNode(false);
    rest.removeAttribute("id");
    var going = lines.slice(kept);
    while (going.length > 1 && !going[0].trim()) { going.shift(); } // no blank line on top
    rest.textContent = headOf(lines, kept).concat(going).join("\n");
    pre.parentNode.insertBefore(rest, pre.nextSibling);
    return cutBefore(slide, rest);
  }

  // Cut a code listing (hangingIndent's lines) after its lines that fit above bottom: the
  // other lines go on a new slide, the listing shown in parts rather than scaled down below
  // the size the back row reads. Returns the new slide, or null when too few lines fit.
  // The cut is made at the last blank line above it when there is one (between two
  // functions, say), so that each part reads whole; blank lines at the cut are dropped. When
  // every line fits but the listing's margins do not, its last part is cut off likewise.
  function cutListing(slide, pre, bottom) {
    var lines = Array.prototype.slice.call(pre.querySelectorAll(".course-code-line"));
    var blank = function (line) { return line.textContent.trim() === ""; };
    var kept = 0;
    while (kept < lines.length && lines[kept].getBoundingClientRect().bottom <= bottom) { kept++; }
    if (kept === lines.length) { kept--; }
    for (var gap = kept; gap >= SMALLEST_PART; gap--) {
      if (blank(lines[gap])) { kept = gap; break; }
    }
    // (never one code line alone on the next slide: at least SMALLEST_TAIL go on)
    var going = function (from) { return lines.slice(from).filter(function (line) {
      return !blank(line); }).length; };
    while (kept > SMALLEST_PART && kept < lines.length && going(kept) < SMALLEST_TAIL) { kept--; }
    if (kept < SMALLEST_PART || kept >= lines.length || going(kept) < SMALLEST_TAIL) {
      return null;
    }
    var rest = pre.cloneNode(false);
    rest.removeAttribute("id");
    lines.slice(kept).forEach(function (line) { rest.appendChild(line); });
    while (rest.firstChild && blank(rest.firstChild) && rest.childNodes.length > 1) {
      rest.removeChild(rest.firstChild);
    }
    for (var last = kept - 1; last > 0 && blank(lines[last]); last--) { pre.removeChild(lines[last]); }
    lines = null;
    pre.setAttribute("data-course-lines", String(pre.childNodes.length));
    rest.setAttribute("data-course-lines", String(rest.childNodes.length));
    pre.parentNode.insertBefore(rest, pre.nextSibling);
    return cutBefore(slide, rest);
  }

  // The blocks a cell can be cut between, in order: a code cell's input and each output, a
  // Markdown cell's paragraphs, lists, tables and headings.
  function blocksOf(cell) {
    var markdown = cell.querySelector(".jp-RenderedMarkdown");
    if (markdown && cell.classList.contains("jp-MarkdownCell")) {
      // (a paragraph's speaker notes stay with it: no cut before them)
      return Array.prototype.filter.call(markdown.children, function (block) {
        return !block.matches("aside.notes");
      });
    }
    var blocks = Array.prototype.slice.call(cell.querySelectorAll(".jp-Cell-inputWrapper"));
    return blocks.concat(Array.prototype.slice.call(
      cell.querySelectorAll(".jp-OutputArea-child")));
  }

  // The last resort: the slide's cells scaled down until they fit.
  function scaleDown(slide) {
    var room = slide.clientHeight, tall = slide.scrollHeight;
    var factor = Math.floor(1000 * room / tall) / 1000;
    for (var round = 0; round < 4 && overflowOf(slide) > 1; round++) {
      Array.prototype.forEach.call(slide.children, function (cell) {
        if (!cell.classList.contains("course-key-hint")) { cell.style.zoom = String(factor); }
      });
      factor = Math.floor(1000 * factor * slide.clientHeight / slide.scrollHeight) / 1000;
    }
    slide.setAttribute("data-course-scaled", "1");
  }

  // Split (or, when it cannot be cut, scale) one slide that overflows; the new slide, if any.
  function splitSlide(slide) {
    var bottom = bottomOf(slide);
    var cells = Array.prototype.filter.call(slide.children, function (cell) {
      return !cell.classList.contains("course-key-hint") &&
        !cell.classList.contains("course-part-mark");
    });
    var first = null;
    for (var index = 0; index < cells.length; index++) {
      if (cells[index].getBoundingClientRect().bottom > bottom) { first = cells[index]; break; }
    }
    if (first === null) { scaleDown(slide); return null; }
    var blocks = blocksOf(first);
    for (var number = 0; number < blocks.length; number++) {
      var block = blocks[number];
      var box = block.getBoundingClientRect();
      if (box.bottom <= bottom) { continue; }
      var added = null;
      if (box.top < bottom - 2 * 26 * Reveal.getScale()) { // room for two lines: cut inside
        var inner = /^(TABLE|UL|OL|PRE)$/.test(block.tagName) ? block
          : block.querySelector(".jp-OutputArea-output pre, table, pre[data-course-lines]");
        if (inner && inner.hasAttribute("data-course-lines")) {
          added = cutListing(slide, inner, bottom);
        } else if (inner && inner.tagName === "PRE") { added = cutPrintout(slide, inner, bottom); }
        else if (inner) { added = cutParts(slide, inner, bottom); }
      }
      if (!added && number > 0) {
        added = cutBefore(slide, block);
      } else if (!added && blocks.length > 1 && shows(blocks[1])) {
        // the first block cannot be cut (its lines fit, its margins do not): the next
        // blocks go on (a code cell's output under its code, say)
        added = cutBefore(slide, blocks[1]);
      }
      if (added) { return added; }
      break;
    }
    if (first !== cells[0]) { return moveFrom(slide, first); }
    scaleDown(slide);
    return null;
  }

  // What splits one slide when it is too tall after its drawings are fitted.
  function splitIfTooTall(slide) {
    return function () {
      fit(slide);
      slide.removeAttribute("data-course-fitted"); // fitted again when shown
      return overflowOf(slide) <= 1 ? null : splitSlide(slide);
    };
  }

  function splitSlides() {
    var split = false;
    var slides = Array.prototype.slice.call(
      document.querySelectorAll(".reveal .slides section:not(.stack)"));
    slides.forEach(function (slide) {
      if (slide.querySelector("section")) { return; } // a vertical stack
      split = settle(slide) || split;
    });
    if (split) { Reveal.sync(); }
  }

  // Split a slide until it and the slides split off it fit (see splitSlides); whether any
  // slide was made.
  function settle(slide) {
    var split = false;
    {
      // a slide and the slides split off it, each checked again until it fits (a part cut
      // off a slide can leave it still a little too tall: margins)
      var waiting = [slide];
      for (var round = 0; waiting.length > 0 && round < 100; round++) {
        var current = waiting.shift();
        var made = measuring(current, function () { return treesAlone(current); });
        if (made.length > 0) {
          split = true;
          waiting = [current].concat(made, waiting);
          continue;
        }
        var parts = measuring(current, function () { return zoomTree(current); });
        if (parts.length > 0) {
          split = true;
          waiting = parts.concat(waiting);
        }
        var added = measuring(current, splitIfTooTall(current));
        if (!added) { added = measuring(current, function () { return lighten(current); }); }
        if (added) {
          split = true;
          waiting.unshift(current, added);
        }
      }
    }
    return split;
  }

  // A slide carries what a lecturer projects, not a page of the notebook, even when the
  // page fits the frame: a code listing of more than LISTING_LINES lines is shown in parts
  // (cut after at most that many lines, at a blank line when it can, else before a line
  // that starts a statement: cutListing), and a
  // slide whose shown text (prose, code, printouts and tables; not its speaker notes, nor
  // its drawings) passes SLIDE_TEXT characters goes on over the next slide from the block
  // that passes it (a paragraph, a list, a code cell's code or an output; never leaving a
  // heading alone). The slide must be laid out; returns the new slide, or null. A player's
  // slide is left as it is (a player has its slides to itself), and so is one block alone
  // (a long table or printout is cut by its height only).
  var LISTING_LINES = 16;
  var SLIDE_TEXT = 1000;

  // Whether a laid-out slide carries more than lighten leaves on one: a listing of more
  // than LISTING_LINES lines, or more than SLIDE_TEXT characters of text shown.
  function crowded(slide) {
    var total = 0, longest = 0;
    shownBlocks(slide).forEach(function (block) {
      total += block.innerText.replace(/\s+/g, " ").trim().length;
      block.querySelectorAll("pre[data-course-lines]").forEach(function (listing) {
        longest = Math.max(longest, listing.querySelectorAll(".course-code-line").length);
      });
    });
    return total > SLIDE_TEXT || longest > LISTING_LINES;
  }

  function lighten(slide) {
    if (slide.hasAttribute("data-course-group") || slide.querySelector(".gamelib-player") ||
        slide.querySelector(".course-part-mark")) {
      return null;
    }
    var blocks = shownBlocks(slide);
    for (var index = 0; index < blocks.length; index++) {
      var listing = blocks[index].querySelector("pre[data-course-lines]");
      var lines = listing ? listing.querySelectorAll(".course-code-line") : [];
      if (lines.length > LISTING_LINES) {
        // (at a statement's start when there is one: a line at column 0 that does not
        // close brackets; cutListing moves the cut up to a blank line when there is one)
        var kept = LISTING_LINES;
        for (var line = LISTING_LINES; line >= SMALLEST_PART; line--) {
          var text = lines[line].textContent;
          if (/^[^\s)\]}]/.test(text)) { kept = line; break; }
        }
        var added = cutListing(slide, listing,
          lines[kept - 1].getBoundingClientRect().bottom + 0.5);
        if (added) { return added; }
      }
    }
    var total = 0, kept = false;
    var leadIn = function (element) {
      var copy = element.cloneNode(true);
      copy.querySelectorAll("aside.notes").forEach(function (aside) { aside.remove(); });
      return !!element.closest(".jp-MarkdownCell") && LEAD_IN.test(copy.textContent);
    };
    for (index = 0; index < blocks.length; index++) {
      var block = blocks[index];
      total += block.innerText.replace(/\s+/g, " ").trim().length;
      // (never after a lead-in, "...:", which goes with what it introduces: the cut is made
      // before it instead, when something stays before it)
      if (total > SLIDE_TEXT && kept && leadIn(blocks[index - 1])) {
        if (index < 2 || blocks.slice(0, index - 1).every(function (before) {
          return before.matches(HEADINGS);
        })) {
          kept = kept || !block.matches(HEADINGS);
          continue;
        }
        block = blocks[index - 1];
      }
      // a list that passes it goes on over the next slide from the item that does (its
      // numbers going on: cutParts), when an item stays
      var items = /^(UL|OL)$/.test(block.tagName) ? Array.prototype.filter.call(
        block.children, function (item) { return item.tagName === "LI"; }) : [];
      if (total > SLIDE_TEXT && items.length > 1) {
        var sum = total - block.innerText.replace(/\s+/g, " ").trim().length, fitting = 0;
        while (fitting < items.length) {
          sum += items[fitting].innerText.replace(/\s+/g, " ").trim().length;
          if (sum > SLIDE_TEXT) { break; }
          fitting++;
        }
        if (fitting >= 1 && fitting < items.length) {
          var rest = cutParts(slide, block, items[fitting - 1].getBoundingClientRect().bottom + 0.5);
          if (rest) { return rest; }
        }
      }
      if (total > SLIDE_TEXT && kept) {
        var cell = cellOf(slide, block);
        var first = blocksOf(cell).filter(shows)[0] === block;
        if (first && cell !== slide.firstElementChild) { return moveFrom(slide, cell); }
        if (!first) { return cutBefore(slide, block); }
      }
      kept = kept || !block.matches(HEADINGS);
    }
    return null;
  }

  // ------------------------------------------------------- breaks where a lecture has them

  // The slides as a list (vertical stacks' slides, not the stacks).
  function leafSlides() {
    return Array.prototype.filter.call(
      document.querySelectorAll(".reveal .slides section"),
      function (slide) { return !slide.querySelector("section"); });
  }

  var HEADINGS = ".jp-MarkdownCell .jp-RenderedMarkdown > h1, .jp-MarkdownCell .jp-RenderedMarkdown > h2, " +
    ".jp-MarkdownCell .jp-RenderedMarkdown > h3, .jp-MarkdownCell .jp-RenderedMarkdown > h4, " +
    ".jp-MarkdownCell .jp-RenderedMarkdown > h5, .jp-MarkdownCell .jp-RenderedMarkdown > h6";

  // A heading starts its slide: a Markdown cell that closes one section and opens the next
  // (its last paragraphs, then "## 5. ...") is cut before the heading, which goes on a new
  // slide with what follows it (splitSlides then fits every slide).
  function headingsStartSlides() {
    var split = false;
    leafSlides().forEach(function (slide) {
      var current = slide;
      for (var round = 0; round < 20; round++) {
        var cut = measuring(current, function () {
          var heading = Array.prototype.find.call(current.querySelectorAll(HEADINGS),
            function (element) { return shownBefore(current, element); });
          return heading ? cutBefore(current, heading) : null;
        });
        if (!cut) { break; }
        split = true;
        current = cut;
      }
    });
    if (split) { Reveal.sync(); }
  }

  // Whether a slide, fitted, fits its frame with its trees' node text still readable.
  function fitsWell(slide) {
    return measuring(slide, function () {
      slide.removeAttribute("data-course-fitted");
      fit(slide);
      slide.removeAttribute("data-course-fitted");
      return overflowOf(slide) <= 1 && !crowded(slide) && treesOf(slide).every(function (drawing) {
        return smallestNodeText(drawing) >= NODE_TEXT;
      });
    });
  }

  // Whether a laid-out block shows something on the screen: a text (an output's prompt,
  // which the theme hides, is none) or a picture with some area.
  function visible(block) {
    if (!shows(block)) { return false; }
    if (block.innerText.trim() !== "") { return true; }
    return Array.prototype.some.call(block.querySelectorAll("img, svg, canvas"), function (picture) {
      var box = picture.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
  }

  // The blocks a slide shows, in order (see blocksOf), each a non-blank one.
  function shownBlocks(slide) {
    var blocks = [];
    Array.prototype.forEach.call(slide.children, function (cell) {
      if (!cell.classList.contains("jp-Cell")) { return; }
      blocksOf(cell).forEach(function (block) { if (visible(block)) { blocks.push(block); } });
    });
    return blocks;
  }

  // A slide whose only content is one line of code (a code cell whose output went on to the
  // next slide, the picture it draws alone there): the line joins its output on the next
  // slide or, when that does not fit, the end of the slide before; the slide goes.
  function loneCodeLine(slide) {
    if (slide.hasAttribute("data-course-group") || slide.querySelector(".course-part-mark")) {
      return null;
    }
    var blocks = shownBlocks(slide);
    if (blocks.length !== 1 || !blocks[0].classList.contains("jp-Cell-inputWrapper")) {
      return null;
    }
    var lines = Array.prototype.filter.call(blocks[0].querySelectorAll(".course-code-line"),
      function (line) { return line.textContent.trim() !== ""; });
    return lines.length === 1 ? cellOf(slide, blocks[0]) : null;
  }

  function joinLoneCode() {
    var joined = false;
    var slides = leafSlides();
    slides.forEach(function (slide, index) {
      var cell = measuring(slide, function () { return loneCodeLine(slide); });
      if (!cell) { return; }
      var moved = Array.prototype.filter.call(slide.children, function (child) {
        return child.classList.contains("jp-Cell");
      });
      var next = slides[index + 1], previous = slides[index - 1];
      var tries = [];
      if (next && !next.hasAttribute("data-course-group")) {
        tries.push(function () {
          moved.slice().reverse().forEach(function (child) { next.insertBefore(child, next.firstChild); });
          return next;
        });
      }
      if (previous && !previous.hasAttribute("data-course-group") &&
          !previous.querySelector(".course-part-mark")) {
        tries.push(function () {
          moved.forEach(function (child) { previous.appendChild(child); });
          return previous;
        });
      }
      for (var attempt = 0; attempt < tries.length; attempt++) {
        var target = tries[attempt]();
        if (fitsWell(target)) {
          removeSlide(slide);
          joined = true;
          return;
        }
        moved.forEach(function (child) { slide.appendChild(child); });
      }
      // neither fits as it is: the line goes on the slide with the paragraph before it (the
      // prose that introduces it), cut off the slide before
      if (previous && !previous.hasAttribute("data-course-group") &&
          !previous.querySelector(".course-part-mark")) {
        var blocks = measuring(previous, function () { return shownBlocks(previous); });
        var last = blocks[blocks.length - 1];
        if (last && last.closest(".jp-MarkdownCell") && blocks.length > 1) {
          var cut = cutBefore(previous, last);
          moved.forEach(function (child) { cut.appendChild(child); });
          removeSlide(slide);
          settle(cut);
          joined = true;
        }
      }
    });
    if (joined) { Reveal.sync(); }
  }

  // Remove an emptied slide (and its vertical stack when it was the stack's last).
  function removeSlide(slide) {
    var parent = slide.parentNode;
    parent.removeChild(slide);
    if (parent.tagName === "SECTION" && !parent.querySelector("section")) {
      parent.parentNode.removeChild(parent);
    }
  }

  var LEAD_IN = /[:\uff1a]\s*$/;

  // The paragraph that ends a slide when it is a lead-in ("...:"), else null.
  function leadInAtEnd(slide) {
    if (slide.hasAttribute("data-course-group") || slide.querySelector(".course-part-mark")) {
      return null;
    }
    var blocks = shownBlocks(slide);
    var last = blocks[blocks.length - 1];
    if (!last || !last.closest(".jp-MarkdownCell") || !/^(P|UL|OL)$/.test(last.tagName)) {
      return null;
    }
    var copy = last.cloneNode(true);
    copy.querySelectorAll("aside.notes").forEach(function (aside) { aside.remove(); });
    return LEAD_IN.test(copy.textContent) ? { block: last, before: blocks.slice(0, -1) } : null;
  }

  // A lead-in ("Minimax visits every node:") goes on the slide with what it introduces: a
  // slide ending in one gives it (with the headings right before it, or the whole slide
  // when nothing else is on it) to the top of the next slide, when that slide fits with it;
  // not when the next slide is a player's (an animation has its slide to itself).
  function leadInsForward() {
    var moved = false;
    // (a slide whose lead-in moved is looked at again: it may have gone, or end in another)
    for (var index = 0, round = 0; index < leafSlides().length && round < 1000; round++) {
      if (leadInForward(leafSlides(), index)) { moved = true; } else { index++; }
    }
    if (moved) { Reveal.sync(); }
  }

  // (one slide of leadInsForward: whether its lead-in moved)
  function leadInForward(slides, index) {
    var slide = slides[index], moved = false;
    (function () {
      var next = slides[index + 1];
      if (!next || next.hasAttribute("data-course-group") || next.querySelector(".gamelib-player")) {
        return;
      }
      var found = measuring(slide, function () { return leadInAtEnd(slide); });
      if (!found) { return; }
      var whole = found.before.every(function (block) { return block.matches(HEADINGS); });
      var cells = Array.prototype.filter.call(slide.children, function (child) {
        return child.classList.contains("jp-Cell");
      });
      var cell = cellOf(slide, found.block);
      var parent = found.block.parentNode, rest = null, going;
      if (whole) {
        going = cells;
      } else if (blocksOf(cell).filter(shows)[0] === found.block) {
        going = [cell];
      } else {
        rest = splitOff(cell, found.block);
        going = [rest];
      }
      going.slice().reverse().forEach(function (child) { next.insertBefore(child, next.firstChild); });
      if (fitsWell(next)) {
        if (whole) { removeSlide(slide); } else if (rest) { slide.removeAttribute("data-course-fitted"); }
        moved = true;
        return;
      }
      // it does not fit: the next slide is split again (the lead-in stays with the code
      // that makes the picture, the picture goes on), unless the lead-in would end a slide
      // again, when it goes back
      // it does not fit: the lead-in and what it introduces (the next block) stay together,
      // what follows goes on a slide of its own; when even those two do not fit, the slide
      // is split as any (a long listing is cut after its first lines)
      var blocks = measuring(next, function () { return shownBlocks(next); });
      var after = blocks.indexOf(found.block) + 2;
      var added = after > 1 && after < blocks.length
        ? measuring(next, function () { return cutBefore(next, blocks[after]); })
        : null;
      if (added && fitsWell(next)) {
        settle(added);
        if (whole) { removeSlide(slide); }
        moved = true;
        return;
      }
      if (added) {
        Array.prototype.slice.call(added.children).forEach(function (child) {
          next.appendChild(child);
        });
        removeSlide(added);
      }
      // (the lead-in over the first lines of a long listing, cut as splitSlides cuts it)
      settle(next);
      if (whole) { removeSlide(slide); }
      moved = true;
    })();
    return moved;
  }

  // Show the current slide again once the slides are split: reveal.js gives every slide its
  // state (present, past or future, and which are laid out) for the slides as they are now,
  // so that one slide is shown when the deck opens.
  function showCurrent() {
    var indices = Reveal.getIndices();
    Reveal.slide(indices.h, indices.v, indices.f);
  }

  // A phone held upright (a narrow, tall window): the 1280x720 slide scaled to its width
  // would show 26 px text at about 8 px. There the slide is PHONE_WIDTH wide and as tall as
  // the window's shape allows, so its text is scaled by about 0.6, not 0.3 (15 px on a 390
  // px wide phone); the slides are split for that shape.
  var PHONE_WIDTH = 640;
  var PHONE_LARGEST = 700; // the widest window laid out as a phone

  function phoneLayout() {
    var width = window.innerWidth, height = window.innerHeight;
    if (width >= PHONE_LARGEST || height <= width) { return; }
    // (reveal.js's scroll view stays off: the phone steps the slides and players as the
    // projector does. The decks' Reveal.initialize turns it off, scrollActivationWidth: 0:
    // turned on there and off here, it would write the slides' HTML back, every player a
    // copy without its handlers)
    Reveal.configure({ width: PHONE_WIDTH, height: Math.round(PHONE_WIDTH * height / width),
      scrollActivationWidth: 0 });
    document.documentElement.setAttribute("data-course-phone", "1");
  }

  function start() {
    phoneLayout();
    // capture: before reveal.js's own handler and before the player's
    document.addEventListener("keydown", onKeyDown, true);
    hangCode();
    lectureNotes();
    splitPlayers();
    headingsStartSlides();
    splitSlides();
    joinLoneCode();
    leadInsForward();
    markPlayerSlides();
    showCurrent();
    placePlayer(Reveal.getCurrentSlide());
    fitCurrent();
    Reveal.on("slidechanged", function (event) {
      placePlayer(event.currentSlide);
      startPart(event.currentSlide, event.previousSlide);
      fitCurrent();
    });
    Reveal.on("resize", function () {
      document.querySelectorAll("[data-course-fitted]").forEach(function (slide) {
        slide.removeAttribute("data-course-fitted");
      });
      fitCurrent();
      placePlayer(Reveal.getCurrentSlide()); // its zoom depends on the scale
    });
  }

  return {
    start: function () {
      start();
      // reveal.js is ready before this runs: a test waits for this mark instead
      document.documentElement.setAttribute("data-course-slides", "ready");
    },
  };
})();
