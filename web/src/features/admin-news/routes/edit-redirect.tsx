import { Navigate, useParams } from "react-router";

/** /admin/news/{id}/edit (the article page's spelling) → /admin/news/edit/{id}. */
export function Component() {
  const { id = "" } = useParams();
  return <Navigate to={`/admin/news/edit/${encodeURIComponent(id)}`} replace />;
}
