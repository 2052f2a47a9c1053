import { z } from 'zod';

/**
 * Files and knowledge bases (`/knowledge-bases`, decision 035): documents the business uploads
 * to the platform (PDF, DOCX, plain text, Markdown) and the knowledge bases built from them,
 * which an agent searches once attached.
 */

/** The largest document accepted (the upload is refused above it, before the platform). */
export const KNOWLEDGE_FILE_MAX_MB = 10;

/** What a document is, read from its bytes (never from its name or the browser's MIME type). */
export const KNOWLEDGE_FILE_KINDS = ['pdf', 'docx', 'text', 'markdown'] as const;
export type KnowledgeFileKind = (typeof KNOWLEDGE_FILE_KINDS)[number];

export const KNOWLEDGE_FILE_KIND_LABELS: Record<KnowledgeFileKind, string> = {
  pdf: 'PDF',
  docx: 'Word',
  text: 'Text',
  markdown: 'Markdown',
};

export const knowledgeFileMessages = {
  noFile: 'Choose a document to upload',
  empty: 'The file is empty',
  tooBig: (mb: number) => `The file is larger than ${mb} MB`,
  wrongType: 'Upload a PDF, a Word document (.docx), a text file or a Markdown file',
  notMultipart: 'Send the file as a form upload (multipart/form-data)',
  malformedUpload: 'The upload could not be read: the form data is cut off or not well formed',
} as const;

/** The platform's processing of an uploaded file (the document's `File.status`). */
export const FILE_STATUSES = ['processing', 'done', 'failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** One row of GET /api/files (also the upload's answer). */
export const knowledgeFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Unknown for a file uploaded elsewhere and assigned to the business. */
  kind: z.enum(KNOWLEDGE_FILE_KINDS).nullable(),
  mimetype: z.string().nullable(),
  bytes: z.number().nonnegative().nullable(),
  /** null when the platform does not say. */
  status: z.enum(FILE_STATUSES).nullable(),
  createdAt: z.iso.datetime(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFileSchema>;
export const knowledgeFileListSchema = z.object({ data: z.array(knowledgeFileSchema) });

/** A file's indexing in a knowledge base (the document's `KnowledgeBaseV2File.status`). */
export const KNOWLEDGE_BASE_FILE_STATUSES = ['indexing', 'ready', 'failed'] as const;
export type KnowledgeBaseFileStatus = (typeof KNOWLEDGE_BASE_FILE_STATUSES)[number];

export const knowledgeBaseFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  bytes: z.number().nonnegative().nullable(),
  status: z.enum(KNOWLEDGE_BASE_FILE_STATUSES),
});
export type KnowledgeBaseFile = z.infer<typeof knowledgeBaseFileSchema>;

/** One row of GET /api/knowledge-bases (also create's and get's answer). */
export const knowledgeBaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  files: z.array(knowledgeBaseFileSchema),
  /** The platform's search tool for this base: what an agent's `model.toolIds` references. */
  toolId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;
export const knowledgeBaseListSchema = z.object({ data: z.array(knowledgeBaseSchema) });

const fileIdSchema = z.string().trim().min(1).max(100);

/** POST /api/knowledge-bases: a name and the files it is built from. */
export const createKnowledgeBaseSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Give the knowledge base a name' })
    .max(80, { error: 'At most 80 characters' }),
  description: z.string().trim().max(1000, { error: 'At most 1000 characters' }).optional(),
  fileIds: z
    .array(fileIdSchema)
    .min(1, { error: 'Pick at least one file' })
    .max(50, { error: 'At most 50 files' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'A file is listed twice' }),
});
export type CreateKnowledgeBaseInput = z.input<typeof createKnowledgeBaseSchema>;

/** PATCH /api/files/:id: a new name (the platform's `UpdateFileDTO.name`, 1–40 characters). */
export const renameKnowledgeFileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Give the file a name' })
    .max(40, { error: 'At most 40 characters' }),
});
export type RenameKnowledgeFileInput = z.input<typeof renameKnowledgeFileSchema>;

/** PATCH /api/knowledge-bases/:id: a new name (`UpdateKnowledgeBaseV2DTO.name`, 1–80). */
export const renameKnowledgeBaseSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Give the knowledge base a name' })
    .max(80, { error: 'At most 80 characters' }),
});
export type RenameKnowledgeBaseInput = z.input<typeof renameKnowledgeBaseSchema>;

/** POST /api/knowledge-bases/:id/files: adds one of the business's files. */
export const addKnowledgeBaseFileSchema = z.object({ fileId: fileIdSchema });
