import { create } from "zustand";

/** Local storage key of the AI-companion switch in /settings ("on" or "off"; on when absent). */
export const AI_FALLBACK_STORAGE_KEY = "heartline-ai-fallback";

function readAllowAI(): boolean {
  try {
    return localStorage.getItem(AI_FALLBACK_STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

interface AiFallbackSetting {
  /** Sent as `allowAI` with every `join` (ARCHITECTURE §9.2: users can turn the fallback off). */
  allowAI: boolean;
  setAllowAI: (allowAI: boolean) => void;
}

export const useAiFallbackSetting = create<AiFallbackSetting>()((set) => ({
  allowAI: readAllowAI(),
  setAllowAI: (allowAI) => {
    try {
      localStorage.setItem(AI_FALLBACK_STORAGE_KEY, allowAI ? "on" : "off");
    } catch {
      // Without storage the choice holds for this visit only.
    }
    set({ allowAI });
  },
}));

/** The stored choice, read fresh (another tab may have changed it). */
export function readAllowAISetting(): boolean {
  return readAllowAI();
}
