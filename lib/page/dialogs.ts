/**
 * JavaScript dialogs (D17). An `alert`, `confirm`, `prompt` or `beforeunload` dialog stops the
 * page's main thread until someone answers it; with nobody there the load event never fires and
 * the capture could only end in a 504 at the full timeout. Every dialog is answered at once with
 * a fixed, documented default, and listed in the JSON metadata (`dialogs`):
 *
 * - `alert`: accepted (there is nothing else to do with it);
 * - `confirm`: dismissed, so it returns `false` — "Cancel" is the answer that does not act
 *   (no deletion confirmed, no "leave this page" followed);
 * - `prompt`: dismissed, so it returns `null`, as when a person presses Cancel;
 * - `beforeunload`: accepted, so a page can never block its own navigation or close.
 *
 * A page that opens dialogs in a loop gets the first few answered at once and then one every
 * `SLOW_ANSWER_MS`: between answers its main thread waits for us and costs no CPU, so such a page
 * holds nothing but its own render slot until its deadline ends it.
 */
import type { Dialog, Page } from "puppeteer-core";

type DialogType = "alert" | "confirm" | "prompt" | "beforeunload";

export interface DialogRecord {
  type: DialogType;
  /** The page's message, cut to MESSAGE_MAX characters. */
  message: string;
  /** What the page got back: `true` (accepted) or `false`/`null` (dismissed, as Cancel). */
  answer: true | false | null;
}

export interface DialogLog {
  /** Dialogs the page opened, at most LISTED_MAX of them (the first ones). */
  readonly listed: DialogRecord[];
  /** How many it opened in all. */
  count(): number;
  /** Stops answering (the page is being closed). */
  stop(): void;
}

const DIALOG_ANSWERS: Record<DialogType, DialogRecord["answer"]> = {
  alert: true,
  confirm: false,
  prompt: null,
  beforeunload: true,
};

const MESSAGE_MAX = 200;
const LISTED_MAX = 20;
/** Answered without delay; past this a page is looping and each answer waits SLOW_ANSWER_MS. */
const FREE_ANSWERS = 20;
const SLOW_ANSWER_MS = 100;

function typeOf(dialog: Dialog): DialogType {
  const type = dialog.type();
  return type === "confirm" || type === "prompt" || type === "beforeunload" ? type : "alert";
}

/** Answers every dialog `page` opens from now on, per DIALOG_ANSWERS, and records them. */
export function answerDialogs(page: Page): DialogLog {
  const listed: DialogRecord[] = [];
  let count = 0;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();

  const answer = (dialog: Dialog, type: DialogType) => {
    if (stopped) return;
    const reply = DIALOG_ANSWERS[type] === true ? dialog.accept() : dialog.dismiss();
    // The page may be gone already (closed, crashed): nothing left to answer.
    reply.catch(() => {});
  };

  const onDialog = (dialog: Dialog) => {
    count++;
    const type = typeOf(dialog);
    if (listed.length < LISTED_MAX) {
      listed.push({ type, message: dialog.message().slice(0, MESSAGE_MAX), answer: DIALOG_ANSWERS[type] });
    }
    if (count <= FREE_ANSWERS) return answer(dialog, type);
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer(dialog, type);
    }, SLOW_ANSWER_MS);
    timers.add(timer);
  };

  page.on("dialog", onDialog);
  return {
    listed,
    count: () => count,
    stop() {
      stopped = true;
      page.off("dialog", onDialog);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** The JSON metadata field: absent when the page opened no dialog. */
export function dialogMetadata(log: DialogLog): { dialogs: DialogRecord[]; dialogCount: number } | undefined {
  const count = log.count();
  return count > 0 ? { dialogs: [...log.listed], dialogCount: count } : undefined;
}
