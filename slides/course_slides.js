/* The course's decks: the keyboard steps gamelib's animation players (slides/build.py copies
 * this file next to the decks).
 *
 * On a slide with a player, → and ← step the player (like reveal.js's fragments): → at the
 * player's last step and ← at its first go on to the next or previous slide. "." and ","
 * step the player without ever leaving the slide. Page Down / Page Up, N / P and the space
 * bar still change slides directly (skip an animation); with the player focused (clicked),
 * the space bar plays and pauses it. With several players on a slide, the focused one is
 * stepped, else the first. The player is driven through its own buttons, so this file needs
 * nothing from gamelib/render/static.py but its class names.
 *
 * Each slide, when shown, sizes its drawings to fill the room its text leaves (fit).
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

  function position(player) {
    var slider = player.querySelector(".gamelib-slider");
    return { step: Number(slider.value), last: Number(slider.max) };
  }

  function press(player, action) {
    player.querySelector('button[data-action="' + action + '"]').click();
  }

  function onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var target = event.target;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) { return; }
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
      if (!slide.querySelector(".gamelib-player")) { return; }
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
  var PLAYER = { name: "--course-player-drawing", largest: 440, smallest: 200,
    selector: ".gamelib-drawing svg" };

  function fit(slide) {
    if (!slide || slide.getAttribute("data-course-fitted")) { return; }
    [PICTURE, PLAYER].forEach(function (kind) {
      slide.style.setProperty(kind.name, kind.largest + "px");
    });
    for (var round = 0; round < 4; round++) {
      var overflow = slide.scrollHeight - slide.clientHeight;
      if (overflow <= 1) { break; }
      [PICTURE, PLAYER].forEach(function (kind) {
        var tallest = 0, count = 0;
        slide.querySelectorAll(kind.selector).forEach(function (picture) {
          var height = picture.getBoundingClientRect().height / Reveal.getScale();
          if (height > 0) { tallest = Math.max(tallest, height); count++; }
        });
        if (count === 0) { return; }
        var rows = kind === PLAYER ? 1 : count;
        var wanted = Math.max(kind.smallest, Math.floor(tallest - overflow / rows));
        slide.style.setProperty(kind.name, wanted + "px");
      });
    }
    slide.setAttribute("data-course-fitted", "1");
  }

  function fitCurrent() { fit(Reveal.getCurrentSlide()); }

  function start() {
    // capture: before reveal.js's own handler and before the player's
    document.addEventListener("keydown", onKeyDown, true);
    markPlayerSlides();
    fitCurrent();
    Reveal.on("slidechanged", fitCurrent);
    Reveal.on("resize", function () {
      document.querySelectorAll("[data-course-fitted]").forEach(function (slide) {
        slide.removeAttribute("data-course-fitted");
      });
      fitCurrent();
    });
  }

  return { start: start };
})();
