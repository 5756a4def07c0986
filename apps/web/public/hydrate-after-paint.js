// issue #16, B6: a prerendered page (apps/web/build/page-scripts.ts) is on screen without script; its
// scripts, held in <template id="page-scripts">, go into the document once a frame has been drawn, so
// the HTML and the stylesheet have the connection to themselves until the first paint. Kept external:
// the CSP allows only same-origin scripts.
(() => {
  const template = document.getElementById("page-scripts");
  if (!(template instanceof HTMLTemplateElement)) return;
  const start = () => document.head.append(document.importNode(template.content, true));
  // A hidden tab draws no frame; its page has nothing to wait for.
  if (document.visibilityState === "hidden") start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
