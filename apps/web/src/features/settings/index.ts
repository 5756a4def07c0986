/** The settings feature's public entry: the AI companion preference the random chat obeys (spec §9 2). */
export { readAllowAISetting, useAiFallbackSetting } from "./state/ai-fallback-setting";
