/**
 * blockChats' CSS half: the launchers and frames of the common live-chat and support widgets
 * (Intercom, Zendesk, HubSpot, Drift, Crisp, Tawk.to, Tidio, LiveChat, Olark, Freshchat, Jivo,
 * Smartsupp and Facebook's customer chat). Their scripts are stopped by the Widgets list
 * where it has a rule; a page that ships the widget itself still gets it hidden here.
 */
const CHAT_WIDGET_SELECTORS = [
  "#intercom-container",
  "#intercom-frame",
  ".intercom-lightweight-app",
  ".intercom-launcher",
  "#launcher[title*='messaging' i]",
  "iframe#webWidget",
  "#ze-snippet",
  "iframe[title*='Zendesk' i]",
  "#hubspot-messages-iframe-container",
  "#drift-widget",
  "#drift-frame-controller",
  "#drift-frame-chat",
  ".drift-frame-controller",
  ".crisp-client",
  "#crisp-chatbox",
  "iframe[title*='chat widget' i]",
  "#tidio-chat",
  "#tidio-chat-iframe",
  "#chat-widget-container",
  "#livechat-compact-container",
  "#livechat-full",
  "#olark-box-container",
  "#fc_frame",
  "#freshworks-container",
  "jdiv",
  "#jivo-iframe-container",
  "#chat-application",
  "#smartsupp-widget-container",
  ".fb_customer_chat_bubble_pop_in",
  ".fb-customerchat",
];

export const CHAT_HIDING_CSS = `${CHAT_WIDGET_SELECTORS.join(",\n")} { display: none !important; }`;
