// The files (and option values) a tool page held when the visitor left to log in, in IndexedDB
// (Files are kept as they are; sessionStorage holds only text). One entry; read once.
const DB_NAME = 'pdf365-pay';
const STORE = 'pending';
const ENTRY = 'run';

export interface PendingFiles {
  toolId: string;
  files: File[];
  values: Record<string, string>;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export async function savePendingFiles(pending: PendingFiles): Promise<void> {
  await withStore('readwrite', (store) => store.put(pending, ENTRY));
}

/** The kept files of `toolId`, removed as they are read. */
export async function takePendingFiles(toolId: string): Promise<PendingFiles | undefined> {
  const found = await withStore<PendingFiles | undefined>('readonly', (store) => store.get(ENTRY) as IDBRequest<PendingFiles | undefined>);
  await withStore('readwrite', (store) => store.delete(ENTRY));
  return found && found.toolId === toolId && Array.isArray(found.files) ? found : undefined;
}
