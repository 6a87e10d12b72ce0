// Query-string parsing with the SPEC §9 limits: nesting depth 5, array indices below 20 (larger
// ones become object keys, so an index like a[9999] cannot allocate a huge array), 1000 parameters.
import qs from 'qs';
import { QUERY_ARRAY_LIMIT, QUERY_DEPTH, QUERY_PARAMETER_LIMIT } from '../../shared/constants';

export function parseQuery(query: string): qs.ParsedQs {
  return qs.parse(query, { depth: QUERY_DEPTH, arrayLimit: QUERY_ARRAY_LIMIT, parameterLimit: QUERY_PARAMETER_LIMIT });
}
