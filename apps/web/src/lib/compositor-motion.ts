/**
 * issue #36 (B6's total blocking time): decorative motion that stays off the main thread.
 *
 * React listens for every animation and transition event (`animationiteration`, `transitionend`, …) on
 * each root it creates, and once a document has a listener for such an event, Chromium runs every CSS
 * animation and transition of the page on the main thread, recomputing the animated elements' style
 * each frame so that it can fire the events (measured on the landing page: the demo's three bouncing
 * typing dots cost ~16 ms of main thread a second with a listener anywhere in the document, and nothing
 * without one). The Web Animations API's animations fire no such events and stay on the compositor. So
 * a page's CSS animations play as long as no script has run (the prerendered HTML), and are handed to
 * the Web Animations API before the page's first React root and whenever React adds an animated element.
 */

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

function canAnimate(element: Element): boolean {
  return typeof element.animate === "function";
}

/**
 * Plays `keyframes` on `element` with the Web Animations API, unless the visitor prefers reduced
 * motion or the browser has no such API (then the element simply shows its final style).
 */
export function playOnCompositor(
  element: Element,
  keyframes: Keyframe[],
  options: KeyframeAnimationOptions,
): Animation | undefined {
  if (!canAnimate(element) || prefersReducedMotion()) return undefined;
  return element.animate(keyframes, options);
}

type AnimationScope = Pick<Document, "getAnimations"> | Element;

/**
 * Replaces each running CSS animation in `scope` (a document, or one element's own animations) with a
 * Web Animations API copy of it at the same point of its timeline: same keyframes (with each one's
 * easing), same timing (delay, duration, iterations, fill). A cancelled CSS animation stays cancelled
 * until its element's `animation-name` changes, so the copy is all that plays.
 */
export function moveCssAnimationsToCompositor(scope: AnimationScope): void {
  if (typeof scope.getAnimations !== "function" || typeof CSSAnimation === "undefined") return;
  for (const animation of scope.getAnimations()) {
    if (!(animation instanceof CSSAnimation)) continue;
    const { effect } = animation;
    if (!(effect instanceof KeyframeEffect) || !effect.target || !canAnimate(effect.target)) continue;
    const copy = effect.target.animate(effect.getKeyframes(), {
      ...effect.getTiming(),
      pseudoElement: effect.pseudoElement ?? undefined,
    });
    copy.currentTime = animation.currentTime;
    animation.cancel();
  }
}

/** A ref callback for an element React adds with a CSS animation class: the animation plays off the main thread. */
export function compositorMotionRef(element: Element | null): void {
  if (element) moveCssAnimationsToCompositor(element);
}
