import EmojiPicker, { EmojiStyle, Theme } from "emoji-picker-react";

export interface EmojiPickerPanelProps {
  isDark: boolean;
  onPick: (emoji: string) => void;
}

/**
 * The emoji picker (spec §2), in its own lazy chunk. Native emoji only: the picker then loads no
 * images from a CDN, which the CSP (img-src 'self' data: blob:) would refuse anyway.
 */
export default function EmojiPickerPanel({ isDark, onPick }: EmojiPickerPanelProps) {
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      theme={isDark ? Theme.DARK : Theme.LIGHT}
      lazyLoadEmojis
      autoFocusSearch
      skinTonesDisabled
      previewConfig={{ showPreview: false }}
      width={320}
      height={380}
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
