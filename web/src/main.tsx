import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./app/styles.css";

function App() {
  return <h1>Realm Codex</h1>;
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
