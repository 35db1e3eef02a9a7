// The SPA's entry: the styles, then the app (src/boot.tsx).
import "./app/styles.css";
import "./boot";
