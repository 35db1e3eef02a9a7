import type { MediaStatus } from "@schemas/media";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const LOOK: Record<MediaStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
};

/** Where a media item is in moderation: Pending, Approved or Rejected. */
export function MediaStatusBadge({ status }: { status: MediaStatus }) {
  const { label, tone } = LOOK[status];
  return <Badge tone={tone}>{label}</Badge>;
}
