<map version="freeplane 1.9.0">
<!--To view this file, download free mind mapping software Freeplane from https://www.freeplane.org -->
<node TEXT="Basic Freeplane&#xa;Functions" FOLDED="false" ID="ID_45488473" CREATED="1288535648658" MODIFIED="1620564178204" BACKGROUND_COLOR="#00ff99">
<icon BUILTIN="bee"/>
<font BOLD="true"/>
<hook NAME="MapStyle">
    <properties show_icon_for_attributes="false" show_notes_in_map="false" show_note_icons="false" fit_to_viewport="false;"/>

<map_styles>
<stylenode LOCALIZED_TEXT="styles.root_node" STYLE="oval" UNIFORM_SHAPE="true" VGAP_QUANTITY="24 pt">
<font SIZE="24"/>
<stylenode LOCALIZED_TEXT="styles.predefined" POSITION="right" STYLE="bubble">
<stylenode LOCALIZED_TEXT="default" ID="ID_1511227934" COLOR="#000000" STYLE="fork" MAX_WIDTH="600 px" MIN_WIDTH="1 px">
<arrowlink SHAPE="CUBIC_CURVE" COLOR="#000000" WIDTH="2" TRANSPARENCY="200" DASH="" FONT_SIZE="9" FONT_FAMILY="SansSerif" DESTINATION="ID_1511227934" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<font NAME="SansSerif" SIZE="8" BOLD="false" ITALIC="false"/>
</stylenode>
<stylenode LOCALIZED_TEXT="defaultstyle.details"/>
<stylenode LOCALIZED_TEXT="defaultstyle.attributes">
<font SIZE="9"/>
</stylenode>
<stylenode LOCALIZED_TEXT="defaultstyle.note"/>
<stylenode LOCALIZED_TEXT="defaultstyle.floating">
<edge STYLE="hide_edge"/>
<cloud COLOR="#f0f0f0" SHAPE="ROUND_RECT"/>
</stylenode>
<stylenode LOCALIZED_TEXT="defaultstyle.selection" BACKGROUND_COLOR="#afd3f7" STYLE="bubble" BORDER_COLOR_LIKE_EDGE="false" BORDER_COLOR="#afd3f7"/>
<stylenode LOCALIZED_TEXT="styles.ok">
<icon BUILTIN="button_ok"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.needs_action">
<icon BUILTIN="messagebox_warning"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.floating_node">
<cloud COLOR="#ffffff" SHAPE="ARC"/>
<edge STYLE="hide_edge"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.topic" COLOR="#18898b" STYLE="fork">
<font NAME="Liberation Sans" SIZE="12" BOLD="true"/>
<edge STYLE="bezier" COLOR="#808080" WIDTH="thin"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.subtopic" COLOR="#cc3300" STYLE="fork">
<font NAME="Liberation Sans" SIZE="12" BOLD="true"/>
<edge STYLE="bezier" COLOR="#808080" WIDTH="thin"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.subsubtopic" COLOR="#669900">
<font NAME="Liberation Sans" SIZE="12" BOLD="true"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.connection" COLOR="#606060" STYLE="fork">
<font NAME="Arial" SIZE="10" BOLD="false"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.important" COLOR="#ff0000">
<icon BUILTIN="yes"/>
<font NAME="Liberation Sans" SIZE="12"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.question">
<icon BUILTIN="help"/>
<font NAME="Aharoni" SIZE="12"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.key" COLOR="#996600">
<icon BUILTIN="password"/>
<font NAME="Liberation Sans" SIZE="12" BOLD="false"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.idea">
<icon BUILTIN="idea"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.note" COLOR="#990000">
<font NAME="Liberation Sans" SIZE="12"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.date" COLOR="#0033ff">
<icon BUILTIN="calendar"/>
<font NAME="Liberation Sans" SIZE="12"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.website" COLOR="#006633">
<font NAME="Liberation Sans" SIZE="12"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.list" COLOR="#cc6600">
<icon BUILTIN="list"/>
<font NAME="Liberation Sans" SIZE="12" BOLD="true"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.quotation" COLOR="#338800" STYLE="fork">
<font NAME="Liberation Sans" SIZE="12" BOLD="false" ITALIC="false"/>
<edge STYLE="bezier" COLOR="#808080" WIDTH="thin"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.definition" COLOR="#666600">
<font NAME="Liberation Sans" SIZE="12" BOLD="false"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.description" COLOR="#996600">
<font NAME="Liberation Sans" SIZE="12" BOLD="false"/>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.pending" COLOR="#b3b95c">
<font NAME="Liberation Sans" SIZE="12"/>
</stylenode>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.AutomaticLayout" POSITION="right" STYLE="bubble">
<stylenode LOCALIZED_TEXT="AutomaticLayout.level.root" COLOR="#000000">
<font SIZE="20"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,1" COLOR="#0033ff">
<font SIZE="18"/>
<edge WIDTH="8"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,2" COLOR="#00b439">
<font SIZE="16"/>
<edge STYLE="bezier" WIDTH="thin"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,3" COLOR="#990000">
<font SIZE="14"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,4" COLOR="#111111">
<font SIZE="12"/>
</stylenode>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.user-defined" POSITION="right" STYLE="bubble">
<stylenode TEXT="Reference">
<icon BUILTIN="help"/>
<edge STYLE="hide_edge"/>
<font BOLD="true"/>
<cloud COLOR="#99ffff" SHAPE="ROUND_RECT"/>
</stylenode>
<stylenode TEXT="Note" BACKGROUND_COLOR="#ffff99">
<icon BUILTIN="yes"/>
<edge STYLE="hide_edge"/>
</stylenode>
</stylenode>
</stylenode>
</map_styles>
</hook>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      Hover with the cursor over the different texts to unhide links to <b><i>Tutorial</i></b>&#xa0;and <b><i>Documentation</i></b>.
    </p>
    <p>

    </p>
    <p>
      N.B. This is text is a <b>Note text</b>..
    </p>
    <p>

    </p>
    <p>
      To switch the<b>&#xa0;Note panel</b>&#xa0;on/off:
    </p>
    <p>

    </p>
    <p>
      <i>View &gt; Notes &gt; Displaly note panel. </i>
    </p>
  </body>
</html>
</richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="" POSITION="left" ID="ID_1000966299" CREATED="1455910852393" MODIFIED="1455910852393">
<hook NAME="FirstGroupNode"/>
</node>
<node TEXT="Other" POSITION="left" ID="ID_454770946" CREATED="1319875565802" MODIFIED="1620564016957">
<hook NAME="AlwaysUnfoldedNode"/>
<node ID="ID_739070756" CREATED="1319915355170" MODIFIED="1620564016959" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <b>Spell check</b>&#160;&amp; Academic Writing suite
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_141336344">Spelling dictionaries</a>&#160;resp. <a href="freeplaneUserGuide.mm#ID_170927482">Academic writing suite</a>
      </li>

    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node ID="ID_1058310897" CREATED="1319923489096" MODIFIED="1620564016961" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <b>Script</b>&#160;&amp; <b>Add-on</b>
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_519455593">Writing and using scripts</a>&#160;resp. <a href="freeplaneUserGuide.mm#ID_1156954596">Add-ons</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Publish &amp; share" ID="ID_671406309" CREATED="1330890243562" MODIFIED="1620564016961"><richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i><i>&#160;<a href="freeplaneUserGuide.mm#ID_1613405030">7. Publishing and sharing</a></i>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node ID="ID_1603681371" CREATED="1319875570304" MODIFIED="1620564016961" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <b>Template</b>&#160;&amp; <b>Style</b>
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1268042238">Template-like information</a>&#160;resp. <a href="freeplaneUserGuide.mm#ID_1838680824">Styles</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node ID="ID_1987204825" CREATED="1319925023100" MODIFIED="1620564016962" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <b>Filter</b>&#160;&amp; S<b>ort</b>
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_828862571">Filtering and finding nodes</a>&#160;resp. <a href="freeplaneUserGuide.mm#ID_1014457432">Sorting</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node TEXT="" POSITION="left" ID="ID_1520416593" CREATED="1455910852401" MODIFIED="1620563303935">
<hook NAME="SummaryNode"/>
<node TEXT="Summary node&#xa;(accolade)" ID="ID_499898058" CREATED="1319795597294" MODIFIED="1620564016962">
<font BOLD="true"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="http://freeplaneUserGuide.mm#ID_651594550">Summary node group</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<edge COLOR="#ff00ff" WIDTH="3"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node TEXT="Special" POSITION="left" ID="ID_206364326" CREATED="1319795251644" MODIFIED="1620564016962">
<hook NAME="AlwaysUnfoldedNode"/>
<node ID="ID_1885496887" CREATED="1288542096079" MODIFIED="1620564016963" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      Reminder (<b>Calendar</b>)
    </p>
  </body>
</html>
</richcontent>
<hook NAME="plugins/TimeManagementReminder.xml">
    <Parameters REMINDUSERAT="2077460580480" PERIOD="1" UNIT="DAY"/>
</hook>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1959496513">Date and time actions</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node ID="ID_49859005" CREATED="1319800320485" MODIFIED="1620564016963" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <b>Calculate</b>&#160;=3+4
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_448338872">Perform calculation</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="=3 + 4" ID="ID_38981929" CREATED="1319800292281" MODIFIED="1620564016964" TEXT_SHORTENED="true"><richcontent CONTENT-TYPE="xml/" TYPE="DETAILS">
<html>
  <head>

  </head>
  <body>
    <p>
      The calculated result
    </p>
    <p>
      does not show if the
    </p>
    <p>
      map is in read only mode !
    </p>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node ENCRYPTED_CONTENT="t/NS/HPSppU= VbQIDGWIdFE=" ID="ID_36040841" CREATED="1288542236861" MODIFIED="1620564016964" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <b>Protect</b>&#160;with password
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1232153769">Protecting nodes</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node TEXT="Format node core" POSITION="left" ID="ID_1983670807" CREATED="1319795759589" MODIFIED="1620564016964" TEXT_SHORTENED="true"><richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1778719162">Formatting and styling</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="Blinking" ID="ID_1280590016" CREATED="1288548004325" MODIFIED="1620564016965">
<hook NAME="accessories/plugins/BlinkingNodeHook.properties"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Font" ID="ID_8536216" CREATED="1270892460659" MODIFIED="1620564016965">
<font NAME="SansSerif" SIZE="12"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="Dialog font" ID="ID_825914156" CREATED="1270892460659" MODIFIED="1620564016965">
<font NAME="Dialog" SIZE="21"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Verdana" ID="ID_256616219" CREATED="1270892460659" MODIFIED="1620564016965">
<font NAME="Verdana" SIZE="12"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Times New Roman" ID="ID_1308363481" CREATED="1270892460659" MODIFIED="1620564016965">
<font NAME="Times New Roman" SIZE="16"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node TEXT="Color" ID="ID_1602479950" CREATED="1288536644733" MODIFIED="1620564016965">
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="Node background color" ID="ID_113421480" CREATED="1288536658726" MODIFIED="1620564016965" BACKGROUND_COLOR="#00ff00">
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Node color" ID="ID_1350125844" CREATED="1288536652401" MODIFIED="1620564016966" COLOR="#ff0066">
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node ID="ID_1794331644" CREATED="1288536624648" MODIFIED="1620564016966" STYLE="bubble"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      Node core in <b>bubble</b>
    </p>
  </body>
</html>
</richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node TEXT="Relations" POSITION="right" ID="ID_441663322" CREATED="1288536353356" MODIFIED="1620564016950" STYLE="fork"><richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <a href="freeplaneUserGuide.mm#ID_448981847">&#xa0;xx</a>&#xa0;
    </p>
  </body>
</html>
</richcontent>
<cloud COLOR="#f0f0f0" SHAPE="ARC"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="above a" ID="ID_1863548649" CREATED="1288536207761" MODIFIED="1620564016966" STYLE="bubble">
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="node a" ID="ID_1119041406" CREATED="1288535672221" MODIFIED="1620564016967" STYLE="bubble">
<arrowlink SHAPE="CUBIC_CURVE" COLOR="#ff0000" WIDTH="5" TRANSPARENCY="80" FONT_SIZE="8" FONT_FAMILY="SansSerif" DESTINATION="ID_268922755" SOURCE_LABEL="parent" TARGET_LABEL="grand child" MIDDLE_LABEL="hierarchy" STARTINCLINATION="55.94904 pt;67.41401 pt;" ENDINCLINATION="63.74522 pt;76.12739 pt;" STARTARROW="NONE" ENDARROW="NONE"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="node b" ID="ID_1908863616" CREATED="1288535688688" MODIFIED="1620564016967" STYLE="bubble">
<edge WIDTH="thin"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="node c" ID="ID_268922755" CREATED="1288535699522" MODIFIED="1620564016967" TEXT_SHORTENED="true" STYLE="bubble"><richcontent CONTENT-TYPE="xml/" TYPE="DETAILS">
<html>
  <head>

  </head>
  <body>
    <p>
      This text only
    </p>
    <p>
      appears in
    </p>
    <p>
      <b>tool tip</b>
    </p>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="etc." ID="ID_1829616131" CREATED="1319919735822" MODIFIED="1620564016967">
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
</node>
</node>
<node TEXT="below a" ID="ID_975219834" CREATED="1288536218798" MODIFIED="1620564016967" HGAP_QUANTITY="8.03822 pt" VSHIFT_QUANTITY="28.43312 pt" STYLE="bubble">
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node TEXT="Cloud" STYLE_REF="Reference" POSITION="right" ID="ID_1697684606" CREATED="1319873881764" MODIFIED="1620564166581"><richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; <b>&#xa0;Tutorial</b></i>&#xa0;<a href="freeplaneUserGuide.mm#ID_1150908697">Cloud node group</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="star" ID="ID_1434127019" CREATED="1305277804466" MODIFIED="1620564016968">
<cloud COLOR="#f0f0f0" SHAPE="STAR"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1150908697">Cloud node group</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="rectangle" ID="ID_1198357672" CREATED="1305277572322" MODIFIED="1620564016968">
<cloud COLOR="#f0f0f0" SHAPE="RECT"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1150908697">Cloud node group</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node POSITION="right" ID="ID_1125102706" CREATED="1319918074662" MODIFIED="1620564016968" BACKGROUND_COLOR="#ffff00" NUMBERED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <i>Below node extensions </i>
    </p>
    <p>
      <i>or in separate window</i>: <b>Note</b>
    </p>
  </body>
</html>
</richcontent>
<edge COLOR="#006633" WIDTH="2"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_274601394">Note</a>&#160;
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node POSITION="right" ID="ID_1077719150" CREATED="1319792123071" MODIFIED="1620564124890" BACKGROUND_COLOR="#ffff00" NUMBERED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <i>Below node core:</i>
    </p>
    <p>
      <b>Node extensions</b>
    </p>
  </body>
</html>
</richcontent>
<font BOLD="false"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; Tutorial</i>&#xa0;<a href="freeplaneUserGuide.mm#ID_143196514">Node extensions</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<edge COLOR="#cc0000" WIDTH="2"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="Edges" STYLE_REF="Reference" ID="ID_1944496966" CREATED="1319872918353" MODIFIED="1620564016969">
<arrowlink SHAPE="LINE" COLOR="#0033cc" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_1944496966" STARTINCLINATION="55.03185 pt;14.67516 pt;" ENDINCLINATION="55.03185 pt;14.67516 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<arrowlink SHAPE="LINE" COLOR="#000000" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_1944496966" STARTINCLINATION="-21.55414 pt;41.73248 pt;" ENDINCLINATION="-21.55414 pt;41.73248 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<arrowlink SHAPE="LINE" COLOR="#0033cc" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_1944496966" STARTINCLINATION="-62.36943 pt;11.46497 pt;" ENDINCLINATION="-62.36943 pt;11.46497 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="Format edge" ID="ID_1601648824" CREATED="1319796287461" MODIFIED="1620564016969">
<edge STYLE="bezier"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="color" ID="ID_939577724" CREATED="1288536788635" MODIFIED="1620564016969">
<edge COLOR="#ff0066"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="style" ID="ID_784697063" CREATED="1288536745875" MODIFIED="1620564016969">
<edge STYLE="sharp_bezier"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="Sharply curved" ID="ID_895403951" CREATED="1288538470332" MODIFIED="1620564016969">
<edge STYLE="sharp_bezier" WIDTH="4"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Sharp" ID="ID_1647821228" CREATED="1288538242377" MODIFIED="1620564016969" HGAP_QUANTITY="35.55414 pt" VSHIFT_QUANTITY="0.9172 pt">
<edge STYLE="sharp_linear" WIDTH="4"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Smoothly curved" ID="ID_609820168" CREATED="1288538240451" MODIFIED="1620564016969">
<edge STYLE="bezier" WIDTH="4"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Linear" ID="ID_884692926" CREATED="1288538234095" MODIFIED="1620564016969">
<edge STYLE="linear" WIDTH="4"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="hidden" ID="ID_1675552701" CREATED="1288538507390" MODIFIED="1620564016970" BACKGROUND_COLOR="#00ffff">
<edge STYLE="hide_edge" WIDTH="4"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node TEXT="width" ID="ID_241458321" CREATED="1288541466835" MODIFIED="1620564016970">
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="8" OBJECT="java.lang.Long|8" ID="ID_1828139471" CREATED="1288541479345" MODIFIED="1620564016970">
<edge WIDTH="8"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="3" OBJECT="java.lang.Long|3" ID="ID_1152182019" CREATED="1288542920337" MODIFIED="1620564016970">
<edge WIDTH="3"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="0" OBJECT="java.lang.Long|0" ID="ID_1693976270" CREATED="1288541473878" MODIFIED="1620564016970">
<edge WIDTH="thin"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
</node>
</node>
<node TEXT="Below this node core:" ID="ID_1010722858" CREATED="1288646162992" MODIFIED="1620564016970" STYLE="bubble">
<font ITALIC="false"/>
<attribute NAME="a1" VALUE="value1"/>
<attribute NAME="a2" VALUE="value2"/>
<richcontent CONTENT-TYPE="xml/" TYPE="DETAILS">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>Text </b>&#160;with <a href="https://www.freeplane.org">in-line</a>&#160;hyperlink(s), and:
    </p>
  </body>
</html></richcontent>
<hook EQUATION="\begin{array}{l}&#xa;\mbox{I}^\fgcolor{ff0000}{\heartsuit}\mbox{\JLaTeXMath}\\&#xa;\end{array}" NAME="plugins/latex/LatexNodeHook.properties"/>
<edge WIDTH="thin"/>
<hook URI="Images/doc/freeplaneApplications.png" SIZE="0.4148148" NAME="ExternalObject"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node STYLE_REF="Reference" ID="ID_1639134686" CREATED="1319873881764" MODIFIED="1620564016970"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      Sizeable <b>image</b>&#160;(one)
    </p>
  </body>
</html>
</richcontent>
<arrowlink SHAPE="LINE" COLOR="#0033cc" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_1639134686" STARTINCLINATION="-60.99363 pt;-13.29936 pt;" ENDINCLINATION="-60.99363 pt;-13.29936 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<font BOLD="false"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; <b>&#xa0;Tutorial</b></i>&#xa0;<a href="freeplaneUserGuide.mm#ID_575269438">Image</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node STYLE_REF="Reference" ID="ID_1064212525" CREATED="1319872918353" MODIFIED="1620564016971"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      Scientific <b>formula</b>
    </p>
  </body>
</html>
</richcontent>
<arrowlink SHAPE="LINE" COLOR="#0033cc" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_1064212525" STARTINCLINATION="-42.64968 pt;-7.79618 pt;" ENDINCLINATION="-42.64968 pt;-7.79618 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; <b>&#xa0;Tutorial</b></i>&#xa0;<a href="freeplaneUserGuide.mm#ID_616494746">Scientific formula</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<font BOLD="false"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Attributes" STYLE_REF="Reference" ID="ID_1546010515" CREATED="1319872918353" MODIFIED="1620564016971">
<arrowlink SHAPE="LINE" COLOR="#0033cc" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_1546010515" STARTINCLINATION="-27.51592 pt;0 pt;" ENDINCLINATION="-27.51592 pt;0 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; <b>&#xa0;Tutorial</b></i>&#xa0;<a href="freeplaneUserGuide.mm#ID_1324773677">Attributes in node extensions</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node STYLE_REF="Reference" ID="ID_965583686" CREATED="1319872918353" MODIFIED="1620564016971"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <b>Node details</b>&#160;(text)
    </p>
  </body>
</html>
</richcontent>
<arrowlink SHAPE="LINE" COLOR="#0033cc" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_965583686" STARTINCLINATION="-29.35032 pt;7.79618 pt;" ENDINCLINATION="-29.35032 pt;7.79618 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; <b>&#xa0;Tutorial</b></i>&#xa0;<a href="freeplaneUserGuide.mm#ID_898889730">Edit text in node details</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<font BOLD="false"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node ID="ID_242844262" CREATED="1319799725287" MODIFIED="1620564016971" BACKGROUND_COLOR="#ffff99">
<icon BUILTIN="yes"/>
<richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      <i>Can be </i>
    </p>
    <p>
      <i>hidden </i>
    </p>
    <p>
      <i>(<b>tooltip</b>)</i>
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; Tutorial</i>&#xa0;<a href="freeplaneUserGuide.mm#ID_288274844">Show in tool tip (hover text)</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
</node>
<node TEXT="Latest features" POSITION="right" ID="ID_1036249423" CREATED="1620559944412" MODIFIED="1620564178203" LINK="latestFreeplaneFeatures.mm" FORMAT_AS_HYPERLINK="true" TEXT_ALIGN="RIGHT" MIN_WIDTH="0 cm" HGAP_QUANTITY="-12.14013 pt" VSHIFT_QUANTITY="190.31847 pt">
<font SIZE="12"/>
<cloud COLOR="#ffcccc" SHAPE="ARC"/>
<hook NAME="AlwaysUnfoldedNode"/>
<hook NAME="FreeNode"/>
</node>
<node TEXT="Free + floating node" LOCALIZED_STYLE_REF="defaultstyle.floating" POSITION="left" ID="ID_188185624" CREATED="1319788879948" MODIFIED="1620564016971" TEXT_SHORTENED="true">
<font BOLD="true"/>
<richcontent CONTENT-TYPE="xml/" TYPE="DETAILS">
<html>
  <head>

  </head>
  <body>
    <p>
      (double-click free area)
    </p>
  </body>
</html></richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_128387683">Free (floating) node</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Free positionable node" POSITION="left" ID="ID_1280208201" CREATED="1319797134021" MODIFIED="1620564016972" TEXT_SHORTENED="true">
<font BOLD="true"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; Tutorial</i>&#xa0;<a href="freeplaneUserGuide.mm#ID_128387683">Free (floating) node</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<richcontent CONTENT-TYPE="xml/" TYPE="DETAILS">
<html>
  <head>

  </head>
  <body>
    <p>
      State
    </p>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="Floating node" LOCALIZED_STYLE_REF="defaultstyle.floating" ID="ID_231217112" CREATED="1319797190586" MODIFIED="1620564016972" TEXT_SHORTENED="true">
<font BOLD="true"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt; Tutorial</i>&#xa0;<a href="freeplaneUserGuide.mm#ID_128387683">Free (floating) node</a>
      </li>
    </ul>
  </body>
</html>
</richcontent>
<richcontent CONTENT-TYPE="xml/" TYPE="DETAILS">
<html>
  <head>

  </head>
  <body>
    <p>
      Standard Style
    </p>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
<node POSITION="left" ID="ID_1556354626" CREATED="1319792091506" MODIFIED="1620564016972" BACKGROUND_COLOR="#ffff00" NUMBERED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      In <b>node core</b>
    </p>
  </body>
</html>
</richcontent>
<font BOLD="false"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1337127972">Basic map</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<edge COLOR="#000099" WIDTH="2"/>
<hook NAME="AlwaysUnfoldedNode"/>
<node TEXT="Node width" ID="ID_713840726" CREATED="1323095840947" MODIFIED="1620564016973" TEXT_SHORTENED="true">
<edge WIDTH="thin"/>
<richcontent CONTENT-TYPE="xml/" TYPE="DETAILS">
<html>
  <head>

  </head>
  <body>
    <p>
      See
    </p>
    <ul>
      <li>
        <a href="freeplaneUserGuide.mm#ID_15604512"><i>Tutorial</i></a>
      </li>

    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Automatic node number" ID="ID_1097461051" CREATED="1305277030363" MODIFIED="1620564016973" NUMBERED="true" TEXT_SHORTENED="true"><richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1531819965">Automatic node numbering</a>&#160;
      </li>

    </ul>
  </body>
</html></richcontent>
<edge WIDTH="thin"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Progress %" ID="ID_1826346574" CREATED="1319793474635" MODIFIED="1620564016973">
<icon BUILTIN="25%"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_707469329">Progress</a>&#160;
      </li>

    </ul>
  </body>
</html></richcontent>
<edge WIDTH="thin"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="Icons" ID="ID_233656995" CREATED="1288542843639" MODIFIED="1620564016974" TEXT_SHORTENED="true">
<icon BUILTIN="bookmark"/>
<icon BUILTIN="button_ok"/>
<icon BUILTIN="closed"/>
<edge WIDTH="thin"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_715025500">Icons</a>&#160;
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node TEXT="External arrow-link (one), and:" ID="ID_1537075496" CREATED="1288542605210" MODIFIED="1620564016974" LINK="http://kioo.nl/" TEXT_SHORTENED="true">
<edge WIDTH="thin"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1913035829">Red arrow link</a>&#160;
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node ID="ID_1519332680" CREATED="1288542452827" MODIFIED="1620564016974" LINK="#ID_784697063" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p>
      Internal arrow-link (one), or:<br/>
    </p>
  </body>
</html>
</richcontent>
<edge WIDTH="thin"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1830541497">Green arrow link</a>&#160;
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node ID="ID_300419503" CREATED="1319798221748" MODIFIED="1620564016975" STYLE="bubble"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <img src="Images/doc/freeplaneApplications.png"/>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_1795262306">Image (node core)</a>
      </li>
    </ul>
  </body>
</html></richcontent>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
<node ID="ID_1266354824" CREATED="1319799106394" MODIFIED="1620564016975" STYLE="fork" TEXT_SHORTENED="true"><richcontent TYPE="NODE">

<html>
  <head>

  </head>
  <body>
    <p style="text-align: center">
      <b>Text </b>&#160;with <a href="http://www.freeplane.org">in-line</a>&#160;hyperlink(s), and:
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>

  </head>
  <body>
    <p>
      <b>See</b>
    </p>
    <ul>
      <li>
        <i>Help &gt;  </i><i>Tutorial</i>&#160;<a href="freeplaneUserGuide.mm#ID_265318117">Edit &gt; Node core text</a>&#160;
      </li>
    </ul>
  </body>
</html></richcontent>
<edge WIDTH="thin"/>
<hook NAME="AlwaysUnfoldedNode"/>
</node>
</node>
</node>
</map>
