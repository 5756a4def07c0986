import "./styles.css";
import { mountApp } from "./app/mount-app";
import { silenceConsole } from "./lib/silence-console";

// spec §2 Console output is silenced (production builds only, so development keeps its warnings).
if (import.meta.env.PROD) silenceConsole();

void mountApp(document);
