/**
 * The comment widget's frame: a small page of ours that the SPA embeds in an iframe sandboxed
 * WITHOUT allow-same-origin, so FastComments' script runs in an opaque origin and can read
 * neither the site's localStorage (the session token) nor its cookies. Shared by the Worker
 * (which serves the page) and the SPA (which embeds it and talks to it).
 *
 * Handshake (postMessage): the frame announces `ready` to its parent; the parent, accepting
 * messages only from its own iframe's window, answers with `init` (tenant, region, thread,
 * page URL and title, theme, and the signed short-lived SSO payload — nothing else); the frame,
 * accepting messages only from its parent window with the site's origin, loads the widget and
 * reports `state` (ScriptLoaded, Done, Error) and its content `height`.
 */

export const COMMENTS_FRAME_PATH = "/comments-frame";

/** The sandbox of the frame: scripts, popups (log in, links) and forms, never allow-same-origin. */
export const COMMENTS_FRAME_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms";

export const FRAME_MESSAGE = {
  ready: "realm-comments:ready",
  init: "realm-comments:init",
  state: "realm-comments:state",
  height: "realm-comments:height",
} as const;

/** What the parent hands the frame. */
export type CommentsFrameInit = {
  type: typeof FRAME_MESSAGE.init;
  config: {
    tenantId: string;
    urlId: string;
    url: string;
    pageTitle: string;
    region?: "eu";
    hasDarkBackground: boolean;
    sso?: {
      userDataJSONBase64?: string;
      verificationHash?: string;
      timestamp?: number;
      loginURL?: string;
      logoutURL?: string;
    };
  };
};

export type CommentsFrameMessage =
  | { type: typeof FRAME_MESSAGE.ready }
  | { type: typeof FRAME_MESSAGE.state; state: "ScriptLoaded" | "Done" | "Error" }
  | { type: typeof FRAME_MESSAGE.height; height: number };

/** FastComments' embed script by region. */
export const COMMENT_SCRIPT = {
  us: "https://cdn.fastcomments.com/js/embed-v2.min.js",
  eu: "https://cdn-eu.fastcomments.com/js/embed-v2.min.js",
};

/**
 * The frame's only script (inline; its CSP admits it by hash). `location.origin` is the URL's
 * origin (the site's) even though the document's own origin is opaque: messages go only to
 * the parent with that origin and are taken only from the parent window with that origin.
 */
export const COMMENTS_FRAME_SCRIPT = `(function(){
var M=${JSON.stringify(FRAME_MESSAGE)},S=${JSON.stringify(COMMENT_SCRIPT)},site=location.origin,started=false,root=document.documentElement;
function post(m){window.parent.postMessage(m,site);}
function state(s){post({type:M.state,state:s});}
var last=0;function size(){var h=Math.ceil(root.scrollHeight);if(h!==last){last=h;post({type:M.height,height:h});}}
if(typeof ResizeObserver==="function")new ResizeObserver(size).observe(document.body);
window.addEventListener("message",function(e){
if(e.source!==window.parent||e.origin!==site)return;
var d=e.data;if(!d||d.type!==M.init||started||!d.config||typeof d.config.tenantId!=="string")return;
started=true;var c=d.config,dark=!!c.hasDarkBackground;
root.style.colorScheme=dark?"dark":"light";
var s=document.createElement("script");s.src=c.region==="eu"?S.eu:S.us;s.async=true;
s.onerror=function(){state("Error");};
s.onload=function(){state("ScriptLoaded");try{
var cfg={tenantId:c.tenantId,urlId:String(c.urlId),url:String(c.url),pageTitle:String(c.pageTitle),hasDarkBackground:dark};
if(c.region==="eu")cfg.region="eu";if(c.sso)cfg.sso=c.sso;
window.FastCommentsUI(document.getElementById("comments"),cfg);state("Done");size();
}catch(x){state("Error");}};
document.head.appendChild(s);
});
post({type:M.ready});
})();`;

export const COMMENTS_FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Comments</title>
<style>html,body{margin:0;padding:0;background:transparent}</style>
</head><body><div id="comments"></div>
<script>${COMMENTS_FRAME_SCRIPT}</script></body></html>
`;
