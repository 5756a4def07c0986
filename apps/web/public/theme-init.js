// Applies the saved theme before first paint so dark mode never flashes light (spec §1 Theme).
// Kept external and tiny: the CSP allows only same-origin scripts. Mirrors src/features/theme.
(() => {
  let theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  try {
    const stored = localStorage.getItem("heartline-theme");
    if (stored === "light" || stored === "dark") theme = stored;
  } catch {
    // Storage can be blocked (privacy modes); the system preference still applies.
  }
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  const meta = document.querySelector('meta[name="color-scheme"]');
  if (meta) meta.content = theme;
})();
