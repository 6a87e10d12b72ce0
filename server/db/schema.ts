// The database's tables, one interface per concern (db/tables/), joined into the type Kysely checks.
import type { AccountTables } from './tables/accounts';
import type { ArticleTables } from './tables/articles';
import type { AttributionTables } from './tables/attribution';
import type { CommerceTables } from './tables/commerce';
import type { FeedbackTables } from './tables/feedback';
import type { MindMapTables } from './tables/mind-maps';
import type { RefundTables } from './tables/refunds';
import type { SiteTables } from './tables/site';
import type { TaskTables } from './tables/tasks';
import type { UsageTables } from './tables/usage';

export interface Database extends SiteTables, TaskTables, AccountTables, UsageTables, CommerceTables, AttributionTables, RefundTables, ArticleTables, FeedbackTables, MindMapTables {}
