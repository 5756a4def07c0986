import { LogOut } from "lucide-react";

export interface SignOutButtonProps {
  username: string;
  isGuest: boolean;
  onSignOut: () => void;
}

/**
 * Who is signed in and a way out. Stands in for the accounts feature's account menu until that is
 * merged; the integrator puts `AccountMenu` in the group chat header instead.
 */
export function SignOutButton({ username, isGuest, onSignOut }: SignOutButtonProps) {
  return (
    <>
      <span className="hidden max-w-32 truncate text-sm font-medium text-zinc-700 sm:inline dark:text-zinc-300">
        {username}
        {isGuest ? (
          <span className="ml-1 text-xs font-normal text-zinc-500 dark:text-zinc-400">(guest)</span>
        ) : null}
      </span>
      <button
        type="button"
        onClick={onSignOut}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
      >
        <LogOut aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">Sign out</span>
      </button>
    </>
  );
}
