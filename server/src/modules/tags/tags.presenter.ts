import type { Tag } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { tagRule } from '../../auth/policy/tags.policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { TagRow } from './tags.repository';

export type TagView = { tag: TagRow; children: number[]; ancestorRoles: Array<string[] | null> };

/** Category JSON (API-CONTRACT 14.2): `parent` as `{id, url}`, `children` on top-level categories. */
export function presentTag(base: string, auth: Auth, { tag, children, ancestorRoles }: TagView): Tag {
  return {
    id: tag.id,
    url: resourceUrl(base, 'tags', tag.id),
    parent: ref(base, 'tags', tag.parent_id),
    tag: tag.tag,
    slug: tag.slug,
    type: tag.type,
    color: tag.color,
    icon: tag.icon,
    description: tag.description,
    priority: tag.priority,
    created: w3c(tag.created) ?? '',
    role: tag.role && tag.role.length > 0 ? tag.role : null,
    children: tag.parent_id === null ? children.map((id) => ({ id, url: resourceUrl(base, 'tags', id) })) : [],
    allowed_privileges: allowedPrivileges(tagRule, auth, { role: tag.role, ancestorRoles }),
  };
}
