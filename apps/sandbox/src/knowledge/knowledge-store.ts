import type { ResourceItem } from '../http/document-resource';

// Files uploaded with POST /file and the knowledge bases (v2) built from them, kept in memory
// like every sandbox resource. A file is `processing` for a moment after its upload, then
// `done` (its text read) or `failed` (nothing readable); a file attached to a knowledge base is
// `indexing`, then `ready` (or `failed` when its file has no text). Both read the clock when
// they are looked at, so no timer runs.

export interface SandboxFile extends ResourceItem {
  object: 'file';
  status: 'processing' | 'done' | 'failed';
  name: string;
  originalName: string;
  bytes: number;
  purpose?: string;
  mimetype: string;
  parsedTextBytes?: number;
  metadata?: Record<string, unknown>;
}

export interface SandboxKnowledgeBase extends ResourceItem {
  name: string;
  description?: string | null;
}

export interface SandboxKnowledgeBaseFile {
  id: string;
  knowledgeBaseV2Id: string;
  fileId: string;
  fileName: string;
  mimetype: string;
  bytes: number;
  status: 'indexing' | 'ready' | 'failed';
  createdAt: string;
  updatedAt: string;
}

interface StoredFile {
  file: SandboxFile;
  text: string;
  readyAt: number;
}

export class KnowledgeStore {
  readonly files = new Map<string, StoredFile>();
  readonly knowledgeBases = new Map<string, SandboxKnowledgeBase>();
  /** Knowledge base id → its files (attachments), in the order they were attached. */
  readonly attached = new Map<string, { link: SandboxKnowledgeBaseFile; readyAt: number }[]>();
  /** Knowledge base id → the id of the search tool made for it. */
  readonly toolIds = new Map<string, string>();

  constructor(
    /** How long a file is processed (and indexed) before it is done. */
    readonly processingMs = 1500,
    private readonly now: () => number = Date.now,
  ) {}

  addFile(file: SandboxFile, text: string): SandboxFile {
    this.files.set(file.id, { file, text, readyAt: this.now() + this.processingMs });
    return this.file(file.id)!;
  }

  /** The file as it is now (its status moves on with the clock). */
  file(id: string): SandboxFile | undefined {
    const stored = this.files.get(id);
    if (!stored) return undefined;
    if (stored.file.status === 'processing' && this.now() >= stored.readyAt) {
      const at = new Date(
        Math.max(stored.readyAt, Date.parse(stored.file.updatedAt)),
      ).toISOString();
      stored.file =
        stored.text.trim() === ''
          ? { ...stored.file, status: 'failed', updatedAt: at }
          : {
              ...stored.file,
              status: 'done',
              parsedTextBytes: Buffer.byteLength(stored.text),
              updatedAt: at,
            };
    }
    return stored.file;
  }

  listFiles(): SandboxFile[] {
    return [...this.files.keys()].map((id) => this.file(id)!);
  }

  replaceFile(file: SandboxFile): void {
    const stored = this.files.get(file.id);
    if (stored) stored.file = file;
  }

  /** Deletes the file and takes it out of every knowledge base. */
  removeFile(id: string): void {
    this.files.delete(id);
    for (const [kb, links] of this.attached) {
      this.attached.set(
        kb,
        links.filter((entry) => entry.link.fileId !== id),
      );
    }
  }

  attach(knowledgeBaseId: string, file: SandboxFile, id: string): SandboxKnowledgeBaseFile {
    const at = new Date(this.now()).toISOString();
    const links = this.attached.get(knowledgeBaseId) ?? [];
    const existing = links.find((entry) => entry.link.fileId === file.id);
    if (existing) return this.link(existing);
    const entry = {
      link: {
        id,
        knowledgeBaseV2Id: knowledgeBaseId,
        fileId: file.id,
        fileName: file.name,
        mimetype: file.mimetype,
        bytes: file.bytes,
        status: 'indexing' as const,
        createdAt: at,
        updatedAt: at,
      },
      readyAt: Math.max(this.now() + this.processingMs, this.files.get(file.id)?.readyAt ?? 0),
    };
    links.push(entry);
    this.attached.set(knowledgeBaseId, links);
    return this.link(entry);
  }

  private link(entry: { link: SandboxKnowledgeBaseFile; readyAt: number }) {
    if (entry.link.status === 'indexing' && this.now() >= entry.readyAt) {
      const text = this.files.get(entry.link.fileId)?.text ?? '';
      entry.link = {
        ...entry.link,
        status: text.trim() === '' ? 'failed' : 'ready',
        updatedAt: new Date(
          Math.max(entry.readyAt, Date.parse(entry.link.updatedAt)),
        ).toISOString(),
      };
    }
    return entry.link;
  }

  filesOf(knowledgeBaseId: string): SandboxKnowledgeBaseFile[] {
    return (this.attached.get(knowledgeBaseId) ?? []).map((entry) => this.link(entry));
  }

  detach(knowledgeBaseId: string, fileId: string): SandboxKnowledgeBaseFile | undefined {
    const links = this.attached.get(knowledgeBaseId) ?? [];
    const entry = links.find((item) => item.link.fileId === fileId || item.link.id === fileId);
    if (!entry) return undefined;
    this.attached.set(
      knowledgeBaseId,
      links.filter((item) => item !== entry),
    );
    return this.link(entry);
  }

  /** Indexes the file again (a failed one stays failed when it still has no text). */
  retry(knowledgeBaseId: string, fileId: string): SandboxKnowledgeBaseFile | undefined {
    const entry = (this.attached.get(knowledgeBaseId) ?? []).find(
      (item) => item.link.fileId === fileId || item.link.id === fileId,
    );
    if (!entry) return undefined;
    const at = this.now();
    entry.link = { ...entry.link, status: 'indexing', updatedAt: new Date(at).toISOString() };
    entry.readyAt = at + this.processingMs;
    return this.link(entry);
  }

  removeKnowledgeBase(id: string): void {
    this.knowledgeBases.delete(id);
    this.attached.delete(id);
    this.toolIds.delete(id);
  }

  /**
   * The passage of the knowledge bases' ready files that best answers the question: the
   * paragraph (or sentence group) sharing the most of the question's words, rarer words
   * weighing more. Undefined when nothing shares a meaningful word.
   */
  bestPassage(knowledgeBaseIds: readonly string[], question: string): string | undefined {
    const passages = knowledgeBaseIds.flatMap((kb) =>
      this.filesOf(kb)
        .filter((link) => link.status === 'ready')
        .flatMap((link) => passagesOf(this.files.get(link.fileId)?.text ?? '')),
    );
    return bestMatch(passages, question);
  }
}

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could do does did for from have has how i if in is it its ' +
    'me my of on or our please so that the their them there they this to us was we what when ' +
    'where which who why will with would you your about any tell know want need'
  ).split(' '),
);

export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((word) => (word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word))
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

/** Paragraphs (blank-line or line separated), long ones cut into a few sentences each. */
export function passagesOf(text: string): string[] {
  return text
    .split(/\n\s*\n|\n(?=\s*(?:#|[-*•]\s|\d+[.)]\s))/)
    .flatMap((block) => {
      const clean = block
        .replace(/\s+/g, ' ')
        .replace(/^#+\s*/, '')
        .trim();
      if (clean.length <= 400) return clean ? [clean] : [];
      const sentences = clean.match(/[^.!?]+[.!?]+(?:\s|$)|[^.!?]+$/g) ?? [clean];
      const groups: string[] = [];
      for (let i = 0; i < sentences.length; i += 3) {
        groups.push(
          sentences
            .slice(i, i + 3)
            .join('')
            .trim(),
        );
      }
      return groups;
    })
    .filter((passage) => wordsOf(passage).length > 0);
}

export function bestMatch(passages: readonly string[], question: string): string | undefined {
  const asked = new Set(wordsOf(question));
  if (asked.size === 0 || passages.length === 0) return undefined;
  const bags = passages.map((passage) => new Set(wordsOf(passage)));
  // Rarer words among the passages count for more (inverse document frequency).
  const weight = (word: string) =>
    Math.log(1 + passages.length / (1 + bags.filter((bag) => bag.has(word)).length));
  let best: { score: number; index: number } | undefined;
  bags.forEach((bag, index) => {
    let score = 0;
    for (const word of asked) if (bag.has(word)) score += weight(word);
    if (score > 0 && (!best || score > best.score)) best = { score, index };
  });
  return best ? passages[best.index] : undefined;
}

/** The knowledge bases an assistant searches: those of its `knowledgeBase` tools. */
export function knowledgeBaseIdsOf(tools: readonly unknown[]): string[] {
  return tools.flatMap((tool) => {
    const t = tool as { type?: unknown; knowledgeBaseId?: unknown };
    return t.type === 'knowledgeBase' && typeof t.knowledgeBaseId === 'string'
      ? [t.knowledgeBaseId]
      : [];
  });
}

/**
 * What the sandbox's assistant answers a caller's typed question when it has knowledge bases:
 * the best-matching passage, or that it found nothing. Undefined when it has none (the client
 * then answers as it always does).
 */
export function knowledgeReply(
  store: KnowledgeStore,
  knowledgeBaseIds: readonly string[],
  question: string,
): string | undefined {
  if (knowledgeBaseIds.length === 0) return undefined;
  const passage = store.bestPassage(knowledgeBaseIds, question);
  return passage
    ? `Here is what I found: ${passage}`
    : 'I am sorry, I could not find that in my knowledge base. Is there anything else I can help you with?';
}
