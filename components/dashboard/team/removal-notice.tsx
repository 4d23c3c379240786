"use client";

import { createContext, type ReactNode, useContext, useState } from "react";
import { cn } from "@/components/ui";

const Announce = createContext<(message: string) => void>(() => {});

/**
 * Where a removal's answer ("Member removed: 1 of their keys revoked.") stays on the Team page: the
 * row whose dialog asked for it is gone once the list is revalidated, and its message went with it
 * (issue 51's walk: the owner saw the row vanish and no word of what ended).
 */
export function RemovalNotices({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string>();
  return (
    <Announce.Provider value={setMessage}>
      <p aria-live="polite" data-testid="removal-notice" className={cn("text-sm text-emerald-800", message && "mb-3")}>
        {message}
      </p>
      {children}
    </Announce.Provider>
  );
}

/** Shows a removal's answer above the members' table. */
export const useAnnounceRemoval = () => useContext(Announce);
