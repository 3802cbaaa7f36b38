import { baseKeymap, chainCommands, exitCode, setBlockType, toggleMark } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Mark, MarkType, NodeType, ResolvedPos } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { type Command, type EditorState, Plugin, TextSelection } from 'prosemirror-state';
import { htmlOf, richTextSchema } from './rich-text-schema';

const { nodes, marks } = richTextSchema;

/** Whether the selection (or, with none, the next typed text) has the mark. */
export function markActive(state: EditorState, type: MarkType): boolean {
  const { from, to, empty, $from } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

export function headingActive(state: EditorState): boolean {
  return state.selection.$from.parent.type === nodes.heading;
}

/** The kind of the innermost list around the selection, if any. */
export function listAt(state: EditorState): NodeType | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const type = $from.node(depth).type;
    if (type === nodes.bullet_list || type === nodes.ordered_list) return type;
  }
  return null;
}

/** A heading button that toggles: back to a paragraph when the block is already a heading. */
export const toggleHeading: Command = (state, dispatch) =>
  setBlockType(headingActive(state) ? nodes.paragraph : nodes.heading)(state, dispatch);

/**
 * A list button that toggles: out of the list when already in one of its kind, the list's kind changed
 * when in the other kind, and the selected paragraphs wrapped in a new list otherwise.
 */
export function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    const current = listAt(state);
    if (current === type) return liftListItem(nodes.list_item)(state, dispatch);
    if (current) {
      const { $from } = state.selection;
      for (let depth = $from.depth; depth > 0; depth--) {
        if ($from.node(depth).type !== current) continue;
        dispatch?.(state.tr.setNodeMarkup($from.before(depth), type));
        return true;
      }
    }
    return wrapInList(type)(state, dispatch);
  };
}

/** The link around a position: its whole text, however the cursor sits in it. */
function linkAround($pos: ResolvedPos): { from: number; to: number; mark: Mark } | null {
  const parent = $pos.parent;
  const start = $pos.start();
  const pieces: { from: number; to: number; mark: Mark | undefined }[] = [];
  parent.forEach((child, offset) => {
    pieces.push({
      from: start + offset,
      to: start + offset + child.nodeSize,
      mark: marks.link.isInSet(child.marks),
    });
  });
  const at = pieces.findIndex((p) => p.mark && p.from <= $pos.pos && $pos.pos <= p.to);
  const found = pieces[at];
  if (!found?.mark) return null;
  const mark = found.mark;
  const same = (i: number) => Boolean(pieces[i]?.mark?.eq(mark));
  let first = at;
  let last = at;
  while (same(first - 1)) first--;
  while (same(last + 1)) last++;
  return { from: pieces[first]?.from ?? found.from, to: pieces[last]?.to ?? found.to, mark };
}

/** The address of the link at the selection, for the link form to start from. */
export function linkHrefAt(state: EditorState): string | null {
  const { $from, from, to, empty } = state.selection;
  const around = linkAround($from);
  if (around) return around.mark.attrs.href as string;
  if (empty) return null;
  let href: string | null = null;
  state.doc.nodesBetween(from, to, (node) => {
    const mark = marks.link.isInSet(node.marks);
    if (mark && href === null) href = mark.attrs.href as string;
  });
  return href;
}

/**
 * Links the selected text to `href` (already checked by `linkHref`). With nothing selected, the link
 * under the cursor gets the new address, or the address itself is written as the link's text.
 */
export function setLink(href: string, text: string): Command {
  return (state, dispatch) => {
    const mark = marks.link.create({ href });
    const { from, to, empty, $from } = state.selection;
    // The cursor ends after the link, so writing goes on past it.
    if (!empty) {
      const tr = state.tr.addMark(from, to, mark);
      dispatch?.(tr.setSelection(TextSelection.create(tr.doc, to)));
      return true;
    }
    const around = linkAround($from);
    if (around) {
      dispatch?.(
        state.tr.removeMark(around.from, around.to, marks.link).addMark(around.from, around.to, mark),
      );
      return true;
    }
    const tr = state.tr.insert(from, richTextSchema.text(text, [...$from.marks(), mark]));
    dispatch?.(
      tr.setSelection(TextSelection.create(tr.doc, from + text.length)).removeStoredMark(marks.link),
    );
    return true;
  };
}

export const removeLink: Command = (state, dispatch) => {
  const { from, to, empty, $from } = state.selection;
  const around = linkAround($from);
  if (empty && !around) return false;
  if (!empty && !state.doc.rangeHasMark(from, to, marks.link) && !around) return false;
  const range = empty && around ? around : { from, to };
  dispatch?.(state.tr.removeMark(range.from, range.to, marks.link));
  return true;
};

export const toggleBold = toggleMark(marks.strong);
export const toggleItalic = toggleMark(marks.em);

const hardBreak: Command = chainCommands(exitCode, (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
  return true;
});

/**
 * The editor's keys: the usual shortcuts for bold, italic, undo and the link form (`openLink`); Enter
 * continues a list, Shift+Enter breaks the line. Tab is left alone, so it still moves the focus on.
 */
export function editorPlugins({ openLink, maxLength }: { openLink: () => void; maxLength?: number }) {
  return [
    history(),
    keymap({
      'Mod-b': toggleBold,
      'Mod-i': toggleItalic,
      'Mod-k': () => {
        openLink();
        return true;
      },
      'Mod-z': undo,
      'Mod-y': redo,
      'Shift-Mod-z': redo,
      'Shift-Enter': hardBreak,
      Enter: splitListItem(nodes.list_item),
      'Mod-[': liftListItem(nodes.list_item),
      'Mod-]': sinkListItem(nodes.list_item),
    }),
    keymap(baseKeymap),
    // The field's limit counts the HTML the server receives: a change that would pass it is refused.
    ...(maxLength
      ? [
          new Plugin({
            filterTransaction: (tr, state) =>
              !tr.docChanged ||
              tr.doc.content.size <= state.doc.content.size ||
              htmlOf(tr.doc).length <= maxLength,
          }),
        ]
      : []),
  ];
}
