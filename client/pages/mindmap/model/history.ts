// The editor's state with undo and redo: each edit pushes the previous document (the tree edits
// share untouched subtrees, so a version costs only the changed path).
import type { MindMapDoc } from '../../../../shared/mindmap/document';

const MAX_UNDO = 200;

export interface EditorState {
  past: MindMapDoc[];
  doc: MindMapDoc;
  future: MindMapDoc[];
  selected: string;
}

export type EditorAction =
  | { type: 'edit'; doc: MindMapDoc; select?: string }
  | { type: 'select'; id: string }
  | { type: 'undo' }
  | { type: 'redo' }
  /** A new document (opened, imported): no undo across it. */
  | { type: 'load'; doc: MindMapDoc };

export function initialState(doc: MindMapDoc): EditorState {
  return { past: [], doc, future: [], selected: doc.root.id };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'edit':
      if (action.doc === state.doc) return action.select ? { ...state, selected: action.select } : state;
      return { past: [...state.past.slice(-(MAX_UNDO - 1)), state.doc], doc: action.doc, future: [], selected: action.select ?? state.selected };
    case 'select':
      return { ...state, selected: action.id };
    case 'undo': {
      const doc = state.past[state.past.length - 1];
      if (!doc) return state;
      return { past: state.past.slice(0, -1), doc, future: [state.doc, ...state.future], selected: state.selected };
    }
    case 'redo': {
      const [doc, ...future] = state.future;
      if (!doc) return state;
      return { past: [...state.past, state.doc], doc, future, selected: state.selected };
    }
    case 'load':
      return initialState(action.doc);
  }
}
