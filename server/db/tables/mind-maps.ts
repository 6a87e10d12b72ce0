// Mind maps kept in a user's account (server/mindmaps/store.ts): the document as JSON text.

export interface MindMapsTable {
  /** Random, not guessable; every read and write also checks user_id. */
  id: string;
  user_id: number;
  /** The root topic's text, for the list. */
  title: string;
  /** shared/mindmap/document.ts MindMapDoc as JSON, at most MINDMAP_LIMITS.maxDocBytes. */
  doc: string;
  node_count: number;
  created_at: number;
  updated_at: number;
}

export interface MindMapTables {
  mind_maps: MindMapsTable;
}
