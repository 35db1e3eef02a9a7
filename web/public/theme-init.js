// Applies the stored theme (else the system preference) before first paint, so pages never flash.
(function () {
  try {
    var stored = localStorage.getItem("theme");
    var dark = stored ? stored === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  } catch {
    // Storage or matchMedia unavailable: keep the default (light) theme.
  }
})();
