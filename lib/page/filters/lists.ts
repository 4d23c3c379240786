/** The filter lists this service ships (refreshed by update.ts, read by engine.ts). */
export interface FilterListInfo {
  title: string;
  /** AdGuard filter id = DNR ruleset number. */
  rulesetId: number;
  file: string;
  license: string;
}

export const FILTER_LISTS = {
  ads: {
    title: "AdGuard Base filter (EasyList + AdGuard English filter)",
    rulesetId: 2,
    file: "adguard-base.txt",
    license: "GPL-3.0 (AdGuard filters; EasyList is dual GPL-3.0 / CC BY-SA 3.0)",
  },
  cookies: {
    title: "AdGuard Cookie Notices filter",
    rulesetId: 18,
    file: "adguard-cookie-notices.txt",
    license: "GPL-3.0 (AdGuard filters)",
  },
  trackers: {
    title: "AdGuard Tracking Protection filter",
    rulesetId: 3,
    file: "adguard-tracking-protection.txt",
    license: "GPL-3.0 (AdGuard filters)",
  },
  chats: {
    title: "AdGuard Widgets filter (live chats, support assistants and other third-party widgets)",
    rulesetId: 22,
    file: "adguard-widgets.txt",
    license: "GPL-3.0 (AdGuard filters)",
  },
} as const satisfies Record<string, FilterListInfo>;

export type FilterListName = keyof typeof FILTER_LISTS;
