// The SPA's entry: the libraries (evaluated a task earlier, see lib/libraries.ts), the styles, then the app (src/entry.client.tsx).
import "./lib/libraries";
import "./app/styles.css";
import "./entry.client";
