import type { Vapi } from '@vapi-ai/server-sdk';
import {
  knowledgeFileMessages,
  KNOWLEDGE_FILE_MAX_MB,
  type CreateKnowledgeBaseInput,
  type KnowledgeBase,
  type KnowledgeFile,
} from '@switchboard/shared/knowledge-bases';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { readAllByCreatedAt } from '../../platform/read-all';
import { forgetResource, recordOwned, renameResource } from './console.repository';
import { consoleFailure, isPlatformNotFound } from './console-errors';
import type { ConsoleService } from './console.service';
import { kindOfMimetype, sniffDocument } from './file-sniff';

/** The purpose our uploads carry (the document's `CreateFileDTO.purpose`); lists ask for it. */
export const FILE_PURPOSE = 'knowledge-base-v2';
export const KNOWLEDGE_FILE_MAX_BYTES = KNOWLEDGE_FILE_MAX_MB * 1024 * 1024;

/**
 * The file's name: the platform's `name` once it was renamed, else the uploaded file's whole
 * name (`name` starts as that name cut to the document's 40 characters).
 */
function fileName(file: Vapi.File_, fallback: string): string {
  const original = file.originalName;
  if (file.name && (!original || !original.startsWith(file.name))) return file.name;
  return original ?? file.name ?? fallback;
}

function toFile(file: Vapi.File_, name: string): KnowledgeFile {
  return {
    id: file.id,
    name: fileName(file, name),
    kind: kindOfMimetype(file.mimetype),
    mimetype: file.mimetype ?? null,
    bytes: file.bytes ?? null,
    status: file.status ?? null,
    createdAt: new Date(file.createdAt).toISOString(),
  };
}

function toKnowledgeBase(base: Vapi.KnowledgeBaseV2WithFiles): KnowledgeBase {
  return {
    id: base.id,
    name: base.name,
    description: base.description ?? null,
    files: base.files.map((file) => ({
      fileId: file.fileId,
      name: file.fileName ?? file.fileId,
      bytes: file.bytes ?? null,
      status: file.status,
    })),
    toolId: base.toolId ?? null,
    createdAt: new Date(base.createdAt).toISOString(),
  };
}

/**
 * The business's documents on the platform (`/file`) and the knowledge bases built from them
 * (`/v2/knowledge-base`). Each is recorded in `platform_resources` (kinds `file` and
 * `knowledge-base`) when made here; a foreign or unknown id is 404.
 */
export class KnowledgeBasesService {
  constructor(
    private readonly deps: { db: Db; platform: () => PlatformClient; console: ConsoleService },
  ) {}

  private get sdk() {
    return this.deps.platform().sdk;
  }

  async listFiles(businessId: string): Promise<KnowledgeFile[]> {
    const owned = await this.deps.console.listOwned(businessId, 'file');
    if (owned.length === 0) return [];
    let all: Vapi.File_[];
    try {
      all = await this.sdk.files.list({ purpose: FILE_PURPOSE });
    } catch (error) {
      throw consoleFailure('fetch files', error);
    }
    const names = new Map(owned.map((row) => [row.platformId, row.name]));
    return all
      .filter((file) => names.has(file.id))
      .map((file) => toFile(file, names.get(file.id) ?? ''))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async getFile(businessId: string, id: string): Promise<KnowledgeFile> {
    const record = await this.deps.console.requireOwned(businessId, 'file', id);
    try {
      return toFile(await this.sdk.files.get({ id }), record.name);
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'file', id);
        throw notFound('File');
      }
      throw consoleFailure('fetch file', error);
    }
  }

  /** Checks the document by its bytes, sends it to the platform and records it. */
  async uploadFile(
    businessId: string,
    upload: { name: string; data: Buffer },
  ): Promise<KnowledgeFile> {
    if (upload.data.length === 0)
      throw new AppError('VALIDATION_ERROR', knowledgeFileMessages.empty);
    if (upload.data.length > KNOWLEDGE_FILE_MAX_BYTES)
      throw new AppError('FILE_TOO_LARGE', knowledgeFileMessages.tooBig(KNOWLEDGE_FILE_MAX_MB));
    const sniffed = await sniffDocument(upload.data, upload.name);
    if (!sniffed) throw new AppError('UNSUPPORTED_FILE_TYPE', knowledgeFileMessages.wrongType);
    const name = upload.name.trim() || `document.${sniffed.kind === 'markdown' ? 'md' : 'txt'}`;
    let created: Vapi.File_;
    try {
      created = await this.sdk.files.create({
        file: {
          data: upload.data,
          filename: name,
          contentType: sniffed.mimetype,
          contentLength: upload.data.length,
        },
        purpose: FILE_PURPOSE,
      });
    } catch (error) {
      throw consoleFailure('upload file', error);
    }
    try {
      await recordOwned(this.deps.db, {
        kind: 'file',
        platformId: created.id,
        businessId,
        name: name.slice(0, 200),
      });
    } catch (error) {
      await this.sdk.files.delete({ id: created.id }).catch(() => undefined);
      throw error;
    }
    return toFile(created, name);
  }

  async deleteFile(businessId: string, id: string): Promise<void> {
    await this.deps.console.requireOwned(businessId, 'file', id);
    try {
      await this.sdk.files.delete({ id });
    } catch (error) {
      if (!isPlatformNotFound(error)) throw consoleFailure('delete file', error);
    }
    await forgetResource(this.deps.db, 'file', id);
  }

  /** Renames a document on the platform (`PATCH /file/{id}`) and in our record. */
  async renameFile(businessId: string, id: string, name: string): Promise<KnowledgeFile> {
    await this.deps.console.requireOwned(businessId, 'file', id);
    let file: Vapi.File_;
    try {
      file = await this.sdk.files.update({ id, name });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'file', id);
        throw notFound('File');
      }
      throw consoleFailure('rename file', error);
    }
    await renameResource(this.deps.db, 'file', id, name);
    return toFile(file, name);
  }

  private async fetchBase(id: string): Promise<Vapi.KnowledgeBaseV2WithFiles | undefined> {
    try {
      return await this.sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFindOne({ id });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'knowledge-base', id);
        return undefined;
      }
      throw consoleFailure('fetch knowledge bases', error);
    }
  }

  /** The business's knowledge bases with their files (one request per base: a handful). */
  async listKnowledgeBases(businessId: string): Promise<KnowledgeBase[]> {
    const owned = await this.deps.console.listOwned(businessId, 'knowledge-base');
    const bases = await Promise.all(owned.map((row) => this.fetchBase(row.platformId)));
    return bases
      .filter((base): base is Vapi.KnowledgeBaseV2WithFiles => base !== undefined)
      .map(toKnowledgeBase)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async getKnowledgeBase(businessId: string, id: string): Promise<KnowledgeBase> {
    await this.deps.console.requireOwned(businessId, 'knowledge-base', id);
    const base = await this.fetchBase(id);
    if (!base) throw notFound('Knowledge base');
    return toKnowledgeBase(base);
  }

  /** Files named in a request must be the business's own (400 naming the others). */
  private async requireOwnFiles(businessId: string, fileIds: readonly string[]): Promise<void> {
    const owned = new Set(
      (await this.deps.console.listOwned(businessId, 'file')).map((row) => row.platformId),
    );
    const unknown = fileIds.filter((id) => !owned.has(id));
    if (unknown.length > 0)
      throw new AppError(
        'VALIDATION_ERROR',
        `Unknown file${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
        { issues: [{ path: ['fileIds'], message: 'Not one of your files' }] },
      );
  }

  /**
   * Makes the knowledge base, records it, and attaches its files. Anything failing after the
   * base was made deletes it again, so nothing is left half-built.
   */
  async createKnowledgeBase(
    businessId: string,
    input: CreateKnowledgeBaseInput,
  ): Promise<KnowledgeBase> {
    const fileIds = input.fileIds;
    await this.requireOwnFiles(businessId, fileIds);
    let created: Vapi.KnowledgeBaseV2;
    try {
      created = await this.sdk.knowledgeBasesV2.knowledgeBaseV2ControllerCreate({
        name: input.name,
        ...(input.description ? { description: input.description } : {}),
      });
    } catch (error) {
      throw consoleFailure('create knowledge base', error);
    }
    const undo = async () => {
      await this.sdk.knowledgeBasesV2
        .knowledgeBaseV2ControllerRemove({ id: created.id })
        .catch(() => undefined);
      await forgetResource(this.deps.db, 'knowledge-base', created.id).catch(() => undefined);
    };
    try {
      await recordOwned(this.deps.db, {
        kind: 'knowledge-base',
        platformId: created.id,
        businessId,
        name: input.name,
      });
    } catch (error) {
      await undo();
      throw error;
    }
    for (const fileId of fileIds) {
      try {
        await this.sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFileAttach({
          id: created.id,
          fileId,
        });
      } catch (error) {
        await undo();
        throw consoleFailure('add file to knowledge base', error);
      }
    }
    const base = await this.fetchBase(created.id);
    if (!base) throw notFound('Knowledge base');
    return toKnowledgeBase(base);
  }

  /** Renames a knowledge base (`PATCH /v2/knowledge-base/{id}`) and our record of it. */
  async renameKnowledgeBase(businessId: string, id: string, name: string): Promise<KnowledgeBase> {
    await this.deps.console.requireOwned(businessId, 'knowledge-base', id);
    try {
      await this.sdk.knowledgeBasesV2.knowledgeBaseV2ControllerUpdate({ id, name });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'knowledge-base', id);
        throw notFound('Knowledge base');
      }
      throw consoleFailure('rename knowledge base', error);
    }
    await renameResource(this.deps.db, 'knowledge-base', id, name);
    return this.getKnowledgeBase(businessId, id);
  }

  /**
   * Indexes a file of the base again (`POST /v2/knowledge-base/{id}/file/{fileId}/retry`): only
   * one that failed (409 otherwise: one indexing or ready has nothing to retry).
   */
  async retryFile(businessId: string, id: string, fileId: string): Promise<KnowledgeBase> {
    const base = await this.getKnowledgeBase(businessId, id);
    const file = base.files.find((f) => f.fileId === fileId);
    if (!file) throw notFound('File');
    if (file.status !== 'failed') {
      throw new AppError(
        'CONFLICT',
        file.status === 'ready'
          ? 'This file is ready: there is nothing to retry.'
          : 'This file is still being read: wait until it is ready or has failed.',
      );
    }
    try {
      await this.sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFileRetry({ id, fileId });
    } catch (error) {
      if (isPlatformNotFound(error)) throw notFound('File');
      throw consoleFailure('retry file', error);
    }
    return this.getKnowledgeBase(businessId, id);
  }

  async addFile(businessId: string, id: string, fileId: string): Promise<KnowledgeBase> {
    await this.deps.console.requireOwned(businessId, 'knowledge-base', id);
    await this.requireOwnFiles(businessId, [fileId]);
    try {
      await this.sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFileAttach({ id, fileId });
    } catch (error) {
      if (isPlatformNotFound(error)) throw notFound('Knowledge base');
      throw consoleFailure('add file to knowledge base', error);
    }
    return this.getKnowledgeBase(businessId, id);
  }

  async removeFile(businessId: string, id: string, fileId: string): Promise<KnowledgeBase> {
    await this.deps.console.requireOwned(businessId, 'knowledge-base', id);
    try {
      await this.sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFileDetach({ id, fileId });
    } catch (error) {
      if (isPlatformNotFound(error)) throw notFound('File');
      throw consoleFailure('remove file from knowledge base', error);
    }
    return this.getKnowledgeBase(businessId, id);
  }

  /**
   * Deletes the base (the platform deletes its search tool with it). Refused (409) while an
   * agent still searches it: its assistant would keep a tool id that no longer exists.
   */
  async deleteKnowledgeBase(businessId: string, id: string): Promise<void> {
    await this.deps.console.requireOwned(businessId, 'knowledge-base', id);
    const base = await this.fetchBase(id);
    if (base?.toolId) {
      let assistants: Vapi.Assistant[];
      try {
        const platform = this.deps.platform();
        // Every assistant of the org, in createdAt windows (platform/read-all.ts).
        assistants = await readAllByCreatedAt(
          (window, limit) => platform.sdk.assistants.list({ limit, ...window }),
          platform.listPageSize,
        );
      } catch (error) {
        throw consoleFailure('fetch agents', error);
      }
      const users = assistants.filter((assistant) =>
        (
          (assistant.model as { toolIds?: unknown } | undefined)?.toolIds as unknown[] | undefined
        )?.includes(base.toolId),
      );
      if (users.length > 0)
        throw new AppError(
          'KNOWLEDGE_BASE_IN_USE',
          `This knowledge base is attached to ${users
            .map((assistant) => assistant.name ?? assistant.id)
            .join(', ')}: detach it in the agent's settings first.`,
        );
    }
    try {
      await this.sdk.knowledgeBasesV2.knowledgeBaseV2ControllerRemove({ id });
    } catch (error) {
      if (!isPlatformNotFound(error)) throw consoleFailure('delete knowledge base', error);
    }
    await forgetResource(this.deps.db, 'knowledge-base', id);
  }

  /**
   * The business's knowledge bases an agent can attach, with the search tool each is attached
   * by (`model.toolIds`). Bases the platform gives no tool yet are listed with `toolId: null`.
   */
  async attachable(
    businessId: string,
  ): Promise<{ id: string; name: string; toolId: string | null }[]> {
    return (await this.listKnowledgeBases(businessId)).map(({ id, name, toolId }) => ({
      id,
      name,
      toolId,
    }));
  }
}
