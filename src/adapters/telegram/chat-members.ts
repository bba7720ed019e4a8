import type { Api } from 'grammy';
import type { ChatMember } from 'grammy/types';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../../game/service.js';

export type MemberStatus = ChatMember['status'];

/**
 * Who is in a group, and as what (member, administrator, creator...): asked of Telegram when
 * it matters (a daily link that counts on a group's board, a /daily that changes a group's
 * setting) and remembered for a minute. A read, not a send: it spends no chat's send budget,
 * so it does not queue in the chats' lanes. A failed check is no membership (logged).
 */
export class ChatMembers {
  private readonly recent = new LRUCache<string, MemberStatus | 'unknown'>({
    max: 10_000,
    ttl: 60_000,
  });

  constructor(
    private readonly api: Api,
    private readonly logger: Logger,
  ) {}

  /** The user's status in the chat; undefined when Telegram would not say. */
  async status(chatId: string | number, userId: number): Promise<MemberStatus | undefined> {
    const key = `${chatId}:${userId}`;
    const known = this.recent.get(key);
    if (known !== undefined) return known === 'unknown' ? undefined : known;
    try {
      const member = await this.api.getChatMember(chatId, userId);
      // A restricted user may have left: only one still in the chat is a member.
      const status = member.status === 'restricted' && !member.is_member ? 'left' : member.status;
      this.recent.set(key, status);
      return status;
    } catch (error) {
      this.logger.warn('telegram: could not check a chat member', {
        chatId: String(chatId),
        err: error,
      });
      this.recent.set(key, 'unknown', { ttl: 5_000 });
      return undefined;
    }
  }

  /** Whether the user is in the chat now (any status but left or kicked). */
  async isMember(chatId: string | number, userId: number): Promise<boolean> {
    const status = await this.status(chatId, userId);
    return status !== undefined && status !== 'left' && status !== 'kicked';
  }

  /** Whether the user may change the chat's settings: its creator or an administrator. */
  async isAdmin(chatId: string | number, userId: number): Promise<boolean> {
    const status = await this.status(chatId, userId);
    return status === 'creator' || status === 'administrator';
  }
}
