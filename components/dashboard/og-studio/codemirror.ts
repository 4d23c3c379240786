/**
 * The studio's code editor (D33 point 8), CodeMirror 6: the template language is HTML with
 * `{{variable}}` slots and `brand:<name>` references, so it is highlighted as HTML with those two
 * marked on top, completes both from the draft and the brand kit (template-names.ts) — in a slot
 * also the `<layout>` block's names, `theme.*` and the functions — and shows
 * the server's save/preview error as a diagnostic on its line. Loaded only by source-editor.tsx's
 * dynamic import: no other page carries it. Tab is left to move focus (no indentWithTab), so the
 * editor never traps the keyboard.
 */
import { autocompletion, closeBrackets, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { html } from "@codemirror/lang-html";
import { bracketMatching, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { EditorState, type Extension } from "@codemirror/state";
import {
  Decoration,
  EditorView,
  keymap,
  lineNumbers,
  MatchDecorator,
  ViewPlugin,
  type DecorationSet,
  type ViewUpdate,
} from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { brandNamesFor, declaredVariables, expressionNames, type BrandKitNames } from "./template-names";

/** Colours with at least 4.5:1 contrast on white (axe), from the site's palette. */
const highlight = HighlightStyle.define([
  { tag: tags.tagName, color: "#1d4ed8" },
  { tag: tags.attributeName, color: "#9a3412" },
  { tag: [tags.attributeValue, tags.string], color: "#047857" },
  { tag: tags.comment, color: "#475569", fontStyle: "italic" },
  { tag: [tags.angleBracket, tags.punctuation], color: "#475569" },
  { tag: tags.invalid, color: "#b91c1c" },
]);

const slotMark = Decoration.mark({ class: "cm-template-variable" });
const brandMark = Decoration.mark({ class: "cm-template-brand" });
const marks = new MatchDecorator({
  regexp: /\{\{[^{}\n]{1,400}?\}\}|brand:[a-z][a-z0-9-]*/g,
  decoration: (match) => (match[0].startsWith("brand:") ? brandMark : slotMark),
});

/** `{{title}}` and `brand:primary` marked over the HTML highlighting. */
const templateMarks = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = marks.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = marks.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

function completeNames(kit: () => BrandKitNames) {
  return (context: CompletionContext): CompletionResult | null => {
    const slot = context.matchBefore(/\{\{\s*[a-zA-Z0-9_.]*/);
    if (slot) {
      const typed = /\{\{\s*/.exec(slot.text)![0].length;
      const doc = context.state.doc.toString();
      const names = [...declaredVariables(doc), ...expressionNames(doc)];
      const options = names.map(({ name, detail }) => ({
        label: name,
        detail,
        type: name.endsWith("()") ? "function" : "variable",
        apply: (view: EditorView, _c: unknown, from: number, to: number) => {
          if (name.endsWith("()")) {
            // A function: its parentheses, the cursor between them.
            view.dispatch({ changes: { from, to, insert: name }, selection: { anchor: from + name.length - 1 } });
            return;
          }
          // Close the slot unless it is closed already.
          const closed = view.state.sliceDoc(to, to + 2) === "}}";
          view.dispatch({
            changes: { from, to, insert: closed ? name : `${name}}}` },
            selection: { anchor: from + name.length + 2 },
          });
        },
      }));
      return { from: slot.from + typed, options, validFor: /^[a-zA-Z0-9_.]*$/ };
    }
    const brand = context.matchBefore(/brand:[a-z0-9-]*/);
    if (brand) {
      const line = context.state.doc.lineAt(brand.from);
      const before = context.state.sliceDoc(Math.max(line.from, brand.from - 40), brand.from);
      const options = brandNamesFor(before, kit()).map(({ name, detail }) => ({
        label: name,
        detail,
        type: "constant",
      }));
      return { from: brand.from + "brand:".length, options, validFor: /^[a-z0-9-]*$/ };
    }
    return null;
  };
}

const look = EditorView.theme({
  "&": { height: "100%", fontSize: "0.75rem", backgroundColor: "#ffffff" },
  ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", overflow: "auto" },
  ".cm-gutters": { backgroundColor: "#f8fafc", color: "#475569", borderRight: "1px solid #e2e8f0" },
  ".cm-template-variable": { color: "#6d28d9", fontWeight: "600" },
  ".cm-template-brand": { color: "#a21caf", fontWeight: "600" },
  "&.cm-focused": { outline: "2px solid #6366f1", outlineOffset: "2px" },
});

export interface TemplateEditor {
  /** Replaces the text (a load, a restore, a duplicate) without reporting it back as an edit. */
  setText(text: string): void;
  /** The server's error on a line (1-based), or none. */
  showError(error: { line: number | null; message: string } | null): void;
  destroy(): void;
}

export function createTemplateEditor(options: {
  parent: HTMLElement;
  text: string;
  label: string;
  onChange: (text: string) => void;
  brandKit: () => BrandKitNames;
}): TemplateEditor {
  let external = false;
  const extensions: Extension[] = [
    lineNumbers(),
    lintGutter(),
    history(),
    bracketMatching(),
    closeBrackets(),
    html({ autoCloseTags: true }),
    syntaxHighlighting(highlight),
    templateMarks,
    autocompletion({ override: [completeNames(options.brandKit)], activateOnTyping: true }),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ "aria-label": options.label, spellcheck: "false" }),
    look,
    EditorView.updateListener.of((update) => {
      if (update.docChanged && !external) options.onChange(update.state.doc.toString());
    }),
  ];
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({ doc: options.text, extensions }),
  });
  return {
    setText(text) {
      if (text === view.state.doc.toString()) return;
      external = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      } finally {
        external = false;
      }
    },
    showError(error) {
      const diagnostics: Diagnostic[] = [];
      if (error?.line && error.line >= 1 && error.line <= view.state.doc.lines) {
        const line = view.state.doc.line(error.line);
        diagnostics.push({ from: line.from, to: line.to, severity: "error", message: error.message });
      }
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    destroy() {
      view.destroy();
    },
  };
}
