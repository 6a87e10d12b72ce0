// Site-data tables (SPEC §7 "Site data") and their first rows. The Migrator runs this once per
// database, so the seed below is idempotent by construction.
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations see the schema as it was when they were written, not today's Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** An auto-numbered primary key: SQLite and PostgreSQL spell it differently. */
function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('site_counter')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('behavior_note'))
    .addColumn('user_id', 'varchar(64)')
    .addColumn('behavior_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('doc_id', 'varchar(128)')
    .addColumn('extra', 'text')
    .addColumn('visitor_uuid', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('behavior_note_type_created').on('behavior_note').columns(['behavior_type', 'created_at']).execute();

  await withId(db, db.schema.createTable('friend_link'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('advert'))
    .addColumn('platform', 'varchar(16)', (c) => c.notNull().defaultTo('web'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('link_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .execute();
  await db.schema.createIndex('advert_platform_position').on('advert').columns(['platform', 'position']).execute();

  await withId(db, db.schema.createTable('client_download'))
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('size', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await seed(db);
}

// First rows an operator edits afterwards; the advert images live in the site's static files.
async function seed(db: AnyDb): Promise<void> {
  await db.insertInto('site_counter').values({ name: 'web_visits', value: 0 }).execute();

  await db
    .insertInto('friend_link')
    .values([
      { title: '福昕软件', url: 'https://www.foxitsoftware.cn/', sort: 1 },
      { title: '福昕PDF阅读器', url: 'https://www.foxitsoftware.cn/pdf-reader/', sort: 2 },
      { title: 'LibreOffice中文', url: 'https://zh-cn.libreoffice.org/', sort: 3 },
      { title: '国家标准全文公开系统', url: 'https://openstd.samr.gov.cn/bzgk/gb/', sort: 4 },
    ])
    .execute();

  await db
    .insertInto('advert')
    .values([
      { platform: 'web', position: 6, title: '开通VIP会员，全部工具不限次数使用', image_url: '/images/advert/home-vip.png', link_url: '/xiezai-huodong/', sort: 1 },
      { platform: 'web', position: 6, title: '语音转文字时长包，低至0.065元/分钟', image_url: '/images/advert/home-voice-pack.png', link_url: '/voice-to-word/', sort: 2 },
      { platform: 'web', position: 7, title: 'PDF转Word：段落、表格、图片原样保留', image_url: '/images/advert/tool-pdf-to-word.png', link_url: '/pdf-to-word/', sort: 1 },
    ])
    .execute();

  const desktop = 'https://www.foxitsoftware.cn/downloads/';
  await db
    .insertInto('client_download')
    .values([
      { platform: 'windows', name: 'Windows客户端', version: '1.0.0', url: desktop, size: '', description: '支持Windows 10及以上，批量转换不限文件大小', sort: 1 },
      { platform: 'mac', name: 'Mac客户端', version: '1.0.0', url: desktop, size: '', description: '支持macOS 11及以上，Apple芯片原生运行', sort: 2 },
      { platform: 'android', name: 'Android客户端', version: '1.0.0', url: desktop, size: '', description: '手机上转换、合并、压缩PDF', sort: 3 },
      { platform: 'ios', name: 'iOS客户端', version: '1.0.0', url: desktop, size: '', description: 'iPhone、iPad随时处理文档', sort: 4 },
    ])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['client_download', 'advert', 'friend_link', 'behavior_note', 'site_counter']) {
    await db.schema.dropTable(table).execute();
  }
}
