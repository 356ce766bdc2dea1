import type { SalesChannelContext } from '../context';
import { translatedColumn } from '../dal/translation';
import { inIdOrder, registerEntity } from '../dal/definition';
import { idList, queryAll } from '../dal/statements';

// Media as Shopware's Store API answers them: absolute URLs on the request's origin, with
// thumbnails (widths 400, 800, 1900), translated alt/title.

type Json = Record<string, unknown>;

interface MediaRow {
  id: string;
  path: string;
  file_name: string;
  file_extension: string;
  mime_type: string;
  file_size: number;
  width: number;
  height: number;
  created_at: string;
  alt: string | null;
  title: string | null;
}

interface ThumbnailRow {
  id: string;
  media_id: string;
  width: number;
  height: number;
  path: string;
}

/** An absolute public URL of a file under the media directory. */
export function publicUrl(ctx: SalesChannelContext, path: string): string {
  return `${ctx.origin}/${path.replace(/^\/+/, '')}`;
}

function translationSql(chain: string[]): string {
  const pick = (column: string): string => translatedColumn(chain, 'media_translation', 'media_id', 'm.id', column);
  return `SELECT m.*, ${pick('alt')} AS alt, ${pick('title')} AS title FROM media m WHERE m.id IN (SELECT value FROM json_each(?))`;
}

/** Shopware media JSON by id (ids that do not exist are left out). */
export function loadMedia(ctx: SalesChannelContext, ids: readonly string[]): Map<string, Json> {
  const result = new Map<string, Json>();
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return result;
  const chain = ctx.languageIdChain;
  const rows = queryAll<MediaRow>(ctx.db, translationSql(chain), [...chain, ...chain, idList(unique)]);
  const thumbnails = queryAll<ThumbnailRow>(
    ctx.db,
    'SELECT id, media_id, width, height, path FROM media_thumbnail WHERE media_id IN (SELECT value FROM json_each(?)) ORDER BY width',
    [idList(unique)],
  );
  const thumbsByMedia = new Map<string, Json[]>();
  for (const t of thumbnails) {
    const list = thumbsByMedia.get(t.media_id) ?? [];
    list.push({
      id: t.id,
      mediaId: t.media_id,
      mediaThumbnailSizeId: null,
      width: t.width,
      height: t.height,
      url: publicUrl(ctx, t.path),
      path: t.path,
      customFields: null,
      createdAt: null,
      updatedAt: null,
      apiAlias: 'media_thumbnail',
    });
    thumbsByMedia.set(t.media_id, list);
  }
  for (const row of rows) {
    result.set(row.id, {
      id: row.id,
      mimeType: row.mime_type,
      fileExtension: row.file_extension,
      fileSize: row.file_size,
      title: row.title,
      metaData: { width: row.width, height: row.height, type: 2 },
      alt: row.alt,
      url: publicUrl(ctx, row.path),
      fileName: row.file_name,
      path: row.path,
      hasFile: true,
      private: false,
      uploadedAt: row.created_at,
      mediaFolderId: null,
      config: null,
      customFields: null,
      translated: { alt: row.alt, title: row.title, customFields: {} },
      thumbnails: thumbsByMedia.get(row.id) ?? [],
      createdAt: row.created_at,
      updatedAt: null,
      apiAlias: 'media',
    });
  }
  return result;
}

registerEntity({
  name: 'media',
  table: 'media',
  idColumn: 'id',
  translationTable: 'media_translation',
  translationForeignKey: 'media_id',
  fields: {
    id: { column: 'id', type: 'id' },
    path: { column: 'path', type: 'string' },
    fileName: { column: 'file_name', type: 'string' },
    fileExtension: { column: 'file_extension', type: 'string' },
    mimeType: { column: 'mime_type', type: 'string' },
    fileSize: { column: 'file_size', type: 'int' },
    createdAt: { column: 'created_at', type: 'date' },
    alt: { column: 'alt', type: 'string', translated: true },
    title: { column: 'title', type: 'string', translated: true },
  },
  associations: {
    thumbnails: { kind: 'oneToMany', entity: 'media_thumbnail', foreignColumn: 'media_id' },
  },
  hydrate: (ctx, ids) => {
    const media = loadMedia(ctx, ids);
    return inIdOrder(media, ids);
  },
});

registerEntity({
  name: 'media_thumbnail',
  table: 'media_thumbnail',
  idColumn: 'id',
  fields: {
    id: { column: 'id', type: 'id' },
    mediaId: { column: 'media_id', type: 'id' },
    width: { column: 'width', type: 'int' },
    height: { column: 'height', type: 'int' },
  },
  associations: {},
  hydrate: () => [],
});

