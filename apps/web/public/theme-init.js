// Applies the saved theme before first paint so dark mode never flashes light (spec §1 Theme).
// Kept external and tiny: the CSP allows only same-origin scripts. Mirrors src/features/theme.
(() => {
  let preference = "system";
  try {
    const stored = localStorage.getItem("heartline-theme");
    if (stored === "light" || stored === "dark") preference = stored;
  } catch {
    // Storage can be blocked (privacy modes); the system preference still applies.
  }
  const isDark =
    preference === "dark" ||
    (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", isDark);
  document.documentElement.style.colorScheme = isDark ? "dark" : "light";
})();
