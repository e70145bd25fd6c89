import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { readBoot } from "./boot";
import { applyTheme } from "./theme/applyTheme";
import "./styles/app.css";

applyTheme(readBoot().brand.primary_color);
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
