// React and React DOM are CommonJS: bundled, each runs when first required. Requiring them here,
// in the libraries' chunk (vite.config.ts), runs them when the app loader evaluates that chunk, a
// task before the app's own modules (web/src/app-loader.ts), instead of in one long task with them.
import "react";
import "react/jsx-runtime";
import "react-dom/client";
