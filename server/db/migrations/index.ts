// Migrations in the order they run; names sort in that order too (Kysely checks it).
import type { Migration } from 'kysely';
import * as site from './001_site';
import * as tasks from './002_tasks';
import * as taskInterruptions from './003_task_interruptions';
import * as accounts from './004_accounts';
import * as toolUses from './005_tool_uses';
import * as singleSignOn from './006_single_sign_on';
import * as companyAccounts from './007_company_accounts';
import * as commerce from './008_commerce';
import * as adBindings from './011_ad_bindings';
import * as refunds from './012_refunds';
import * as minuteCharges from './013_minute_charges';
import * as taskFailureCode from './014_task_failure_code';
import * as articles from './015_articles';
import * as feedback from './016_feedback';
import * as mindMaps from './017_mind_maps';

export const migrations: Record<string, Migration> = {
  '001_site': site,
  '002_tasks': tasks,
  '003_task_interruptions': taskInterruptions,
  '004_accounts': accounts,
  '005_tool_uses': toolUses,
  '006_single_sign_on': singleSignOn,
  '007_company_accounts': companyAccounts,
  '008_commerce': commerce,
  '011_ad_bindings': adBindings,
  '012_refunds': refunds,
  '013_minute_charges': minuteCharges,
  '014_task_failure_code': taskFailureCode,
  '015_articles': articles,
  '016_feedback': feedback,
  '017_mind_maps': mindMaps,
};
