import { DEMO_CHAT_USERS, type DemoChatLine, type RandomSource } from "@heartline/shared";
import { SendHorizontal } from "lucide-react";
import { memo, useEffect, useRef } from "react";
import { compositorMotionRef, playOnCompositor } from "../../../lib/compositor-motion";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { UserAvatar } from "../../../ui/user-avatar";
import { useDemoConversation, useDemoProgress } from "../hooks/use-demo-conversation";
import { DemoBadge } from "./demo-badge";

export interface DemoChatProps {
  /** Injected by tests; the page uses Math.random. */
  random?: RandomSource;
}

const PARTNER = DEMO_CHAT_USERS.maya;

/**
 * The hero's decorative chat preview (spec §1: an animated demo conversation between two sample
 * users with looping typing indicators; its message input is disabled). Motion is `motion-safe`
 * only, so reduced-motion visitors still see the conversation advance, without the bouncing.
 * Its size is fixed, so it is contained (`contain: strict`): a new line restyles, lays out and paints
 * the demo alone, not the page around it (issue #36: each step cost a phone's slowed main thread
 * 50-250 ms of the whole page's style and layout). It has no backdrop blur: behind it is only the hero's
 * soft gradient, which a blur leaves as it was, and a blur under content that moves is redrawn every
 * frame (issue #37: the landing page's compositor work fell to a quarter without it).
 * issue #36: a step re-renders only what changed (a message adds one line, a tick of the counter
 * renders the counter), and its motion (a line's fade, the bar, the typing dots) is played by the Web
 * Animations API, which keeps it on the compositor (lib/compositor-motion.ts).
 */
export function DemoChat({ random }: DemoChatProps) {
  const { shown, typing } = useDemoConversation(undefined, random);
  const t = useT();

  return (
    <section
      data-testid="demo-chat"
      aria-label={t("home.demo.label")}
      className="relative flex h-[26rem] w-full [contain:strict] sm:h-[28rem] flex-col overflow-hidden rounded-3xl border border-zinc-200 bg-white/90 shadow-2xl shadow-rose-500/10 dark:border-zinc-800 dark:bg-zinc-900/90 dark:shadow-black/40"
    >
      <DemoHeader />

      <ol className="flex flex-1 flex-col justify-end gap-2 overflow-hidden px-4 py-4 [mask-image:linear-gradient(to_bottom,transparent,black_3rem)]">
        {shown.map((line) => (
          <DemoMessage key={line.id} line={line} />
        ))}
        {typing && <TypingIndicator line={typing} />}
      </ol>

      <DemoComposer />
    </section>
  );
}

/** The partner's name and the counter; it renders once (the counter re-renders itself). */
const DemoHeader = memo(function DemoHeader() {
  const t = useT();
  return (
    <div className="flex items-center gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <UserAvatar username={PARTNER.username} profileImage={PARTNER.avatar} gender={PARTNER.gender} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100">{PARTNER.username}</p>
        <p className="flex items-center gap-1.5 text-xs text-emerald-700 dark:text-emerald-400">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
          {t("home.demo.online")}
        </p>
      </div>
      <DemoProgress />
    </div>
  );
});

/** The disabled message input; it renders once. */
const DemoComposer = memo(function DemoComposer() {
  const t = useT();
  return (
    <div className="flex items-center gap-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
      <div className="relative flex-1">
        <input
          type="text"
          disabled
          aria-label={t("home.demo.input")}
          placeholder={t("home.demo.placeholder")}
          className="h-10 w-full cursor-not-allowed rounded-full border border-zinc-200 bg-zinc-50 pe-16 ps-4 text-sm text-zinc-500 placeholder:text-zinc-400 dark:border-zinc-700 dark:bg-zinc-800 dark:placeholder:text-zinc-500"
        />
        <DemoBadge className="absolute top-1/2 end-2 -translate-y-1/2" />
      </div>
      <button
        type="button"
        disabled
        aria-label={t("home.demo.send")}
        className="flex size-10 shrink-0 cursor-not-allowed items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white opacity-60"
      >
        <SendHorizontal aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
    </div>
  );
});

/** The bar grows as the counter climbs, in the counter's 0.7 s. */
const BAR_GROWTH: KeyframeAnimationOptions = { duration: 700, easing: "cubic-bezier(0.4, 0, 0.2, 1)" };

const barScale = (progress: number) => `scaleX(${progress / 100})`;

function DemoProgress() {
  const progress = useDemoProgress();
  const t = useT();
  const bar = useRef<HTMLDivElement>(null);
  const drawn = useRef(progress);

  useEffect(() => {
    const from = drawn.current;
    drawn.current = progress;
    if (bar.current && from !== progress) {
      playOnCompositor(
        bar.current,
        [{ transform: barScale(from) }, { transform: barScale(progress) }],
        BAR_GROWTH,
      );
    }
  }, [progress]);

  return (
    <div className="w-24 text-end">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        <RichText
          message={t("home.demo.match", { progress })}
          elements={[<span key="progress" data-testid="demo-progress" />]}
        />
      </p>
      <div
        aria-hidden="true"
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        {/* Grown by scaling, not by width: a width transition lays out and repaints the demo on the
            main thread every frame for 0.7 s of each second (B6: ~300 paints in 6 s of a phone
            trace against ~35 without it); a transform stays on the compositor. */}
        <div
          ref={bar}
          data-testid="demo-progress-bar"
          className="h-full w-full origin-left rtl:origin-right rounded-full bg-gradient-to-r from-rose-500 to-fuchsia-500"
          style={{ transform: barScale(progress) }}
        />
      </div>
    </div>
  );
}

/** Alex plays "you" on the right; Maya is the stranger on the left. */
function isOwn(line: DemoChatLine): boolean {
  return line.from === "alex";
}

/** A line already shown renders no more: a step renders only the new one. */
const DemoMessage = memo(function DemoMessage({ line }: { line: DemoChatLine }) {
  const own = isOwn(line);
  const author = DEMO_CHAT_USERS[line.from];
  const t = useT();
  return (
    <li
      ref={compositorMotionRef}
      data-testid="demo-message"
      className={`flex items-end gap-2 motion-safe:animate-fade-in ${own ? "flex-row-reverse" : ""}`}
    >
      <UserAvatar username={author.username} profileImage={author.avatar} gender={author.gender} size="xs" />
      <p
        className={`max-w-[78%] rounded-2xl px-3.5 py-2 text-sm leading-snug ${
          own
            ? "rounded-ee-md bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white"
            : "rounded-es-md bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100"
        }`}
      >
        <span className="sr-only">{author.username}: </span>
        {t(`home.demo.${line.id}` as MessageId)}
      </p>
    </li>
  );
});

function TypingIndicator({ line }: { line: DemoChatLine }) {
  const author = DEMO_CHAT_USERS[line.from];
  const t = useT();
  return (
    <li data-testid="demo-typing" className={`flex items-end gap-2 ${isOwn(line) ? "flex-row-reverse" : ""}`}>
      <UserAvatar username={author.username} profileImage={author.avatar} gender={author.gender} size="xs" />
      <span className="flex items-center gap-1 rounded-2xl bg-zinc-100 px-3.5 py-3 dark:bg-zinc-800">
        <span className="sr-only">{t("home.demo.typing", { name: author.username })}</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            ref={compositorMotionRef}
            aria-hidden="true"
            className="size-1.5 rounded-full bg-zinc-400 motion-safe:animate-bounce dark:bg-zinc-500"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
    </li>
  );
}
