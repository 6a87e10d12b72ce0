// What LibreDWG-web's converter (libredwg.convert) drops, read back from LibreDWG's own objects
// while the Dwg_Data is still open:
// - TRACE entities: the converter has no case for them (they vanished). LibreDWG stores a TRACE
//   like a SOLID (corner1…4), so they are rebuilt in the converter's SOLID shape.
// - ATTDEF default values: the converter reads `default_value` and then returns a fresh text
//   object without it (its convertAttdef), so every ATTDEF came out empty.
// Both are put into the converted database where the converter would have put them.
import type { LibreDwg } from '@mlightcad/libredwg-web';

type Raw = Record<string, any>;
type Lib = LibreDwg & Record<string, (...args: any[]) => any>;

/** LibreDWG's fixed object types (Dwg_Object_Type). */
const DWG_TYPE_ATTDEF = 3;
const DWG_TYPE_TRACE = 32;
const DWG_TYPE_BLOCK_HEADER = 49;

/** Handles as the converter writes them: upper-case hex. */
const handleString = (id: number | bigint | undefined) => (id === undefined ? '' : id.toString(16).toUpperCase());

function namesByHandle(entries: Raw[] | undefined): Map<string, string> {
  return new Map((entries ?? []).map((e) => [String(e.handle), String(e.name ?? '')]));
}

/**
 * The BLOCK_RECORD handle owning each entity object, found as the converter finds it: by walking
 * each block header's owned entities, then LibreDWG's owner of what no walk reached. An R2000
 * entity's own owner handle is often 0.
 */
function ownersOf(lib: Lib, data: number, count: number): (obj: number) => string | undefined {
  const owners = new Map<number, string>();
  const byBlockTio = new Map<number, string>();
  for (let i = 0; i < count; i++) {
    const block = lib.dwg_get_object(data, i);
    if (!block || lib.dwg_object_get_fixedtype(block) !== DWG_TYPE_BLOCK_HEADER) continue;
    const handle = handleString(lib.dwg_object_get_handle_object(block)?.value);
    byBlockTio.set(lib.dwg_object_to_object_tio(block), handle);
    // Bounded: a corrupt chain may loop.
    for (let e = lib.get_first_owned_entity(block), steps = 0; e && steps <= count && !owners.has(e); e = lib.get_next_owned_entity(block, e), steps++) owners.set(e, handle);
  }
  return (obj) => {
    const walked = owners.get(obj);
    if (walked) return walked;
    const tio = lib.dwg_object_to_entity_tio(obj);
    return tio ? byBlockTio.get(lib.dwg_entity_owner(tio)) : undefined;
  };
}

/** A TRACE in the shape the converter gives a SOLID (normalize.ts reads corner1…4). */
function traceOf(lib: Lib, obj: number, owner: string | undefined, layers: Map<string, string>, lineTypes: Map<string, string>): Raw | null {
  const entity = lib.dwg_object_to_entity(obj);
  const tio = lib.dwg_object_to_entity_tio(obj);
  if (!entity || !tio) return null;
  const color = lib.dwg_object_entity_get_color_object(entity) ?? {};
  const trueColor = color.method === 194 || ((color.rgb >>> 24) & 255) === 194 ? color.rgb & 0xffffff : undefined;
  return {
    type: 'TRACE',
    handle: handleString(lib.dwg_object_entity_get_handle_object(entity)?.value),
    ownerBlockRecordSoftId: owner ?? handleString(lib.dwg_object_entity_get_ownerhandle_object(entity)?.absolute_ref),
    layer: layers.get(handleString(lib.dwg_object_entity_get_layer_object_ref(entity)?.handleref?.value)) ?? '0',
    lineType: lineTypes.get(handleString(lib.dwg_object_entity_get_ltype_object_ref(entity)?.handleref?.value)) ?? '',
    colorIndex: color.index,
    ...(trueColor !== undefined ? { color: trueColor } : {}),
    lineweight: lib.dwg_object_entity_get_line_weight(entity),
    lineTypeScale: lib.dwg_object_entity_get_ltype_scale(entity),
    isVisible: !lib.dwg_object_entity_get_invisible(entity),
    corner1: lib.dwg_dynapi_entity_data(tio, 'corner1'),
    corner2: lib.dwg_dynapi_entity_data(tio, 'corner2'),
    corner3: lib.dwg_dynapi_entity_data(tio, 'corner3'),
    corner4: lib.dwg_dynapi_entity_data(tio, 'corner4'),
  };
}

/** Puts the dropped TRACEs and ATTDEF defaults of `data` (still open) into `db`, the converter's result. */
export function restoreDropped(libredwg: LibreDwg, data: number, db: Raw): void {
  const lib = libredwg as Lib;
  const layers = namesByHandle(db.tables?.LAYER?.entries);
  const lineTypes = namesByHandle(db.tables?.LTYPE?.entries);
  const traces: Raw[] = [];
  const defaults = new Map<string, string>();
  const count = lib.dwg_get_num_objects(data);
  let ownerOf: ((obj: number) => string | undefined) | undefined;
  for (let i = 0; i < count; i++) {
    const obj = lib.dwg_get_object(data, i);
    if (!obj) continue;
    const type = lib.dwg_object_get_fixedtype(obj);
    if (type === DWG_TYPE_TRACE) {
      ownerOf ??= ownersOf(lib, data, count);
      const trace = traceOf(lib, obj, ownerOf(obj), layers, lineTypes);
      if (trace) traces.push(trace);
    } else if (type === DWG_TYPE_ATTDEF) {
      const entity = lib.dwg_object_to_entity(obj);
      const tio = lib.dwg_object_to_entity_tio(obj);
      const value = tio ? lib.dwg_dynapi_entity_data(tio, 'default_value') : undefined;
      if (entity && typeof value === 'string') defaults.set(handleString(lib.dwg_object_entity_get_handle_object(entity)?.value), value);
    }
  }
  const records: Raw[] = db.tables?.BLOCK_RECORD?.entries ?? [];
  const lists: Raw[][] = [db.entities ?? [], ...records.map((r) => r.entities ?? [])];
  for (const list of lists) for (const e of list) if (e.type === 'ATTDEF' && defaults.has(String(e.handle))) e.defaultValue = defaults.get(String(e.handle));
  // Model space lives in db.entities (normalizeDwg keeps what its BLOCK_RECORD owns); the rest in their block's record.
  const model = records.find((r) => String(r.name).toUpperCase() === '*MODEL_SPACE');
  for (const trace of traces) {
    const record = records.find((r) => String(r.handle) === trace.ownerBlockRecordSoftId);
    if (record && record !== model) (record.entities ??= []).push(trace);
    else (db.entities ??= []).push({ ...trace, ownerBlockRecordSoftId: model?.handle ?? trace.ownerBlockRecordSoftId });
  }
}
