/** The AI companion's public entry: other features and the composition root import only this. */
export type { AiCompanion, AiPersona, AiTurn } from "./ai-companion";
export {
  type AiCompanionFeature,
  type CreateAiCompanionFeatureOptions,
  createAiCompanionFeature,
} from "./ai-companion-feature";
