<map version="0.9.0">
<!-- To view this file, download free mind mapping software FreeMind from http://freemind.sourceforge.net -->
<node COLOR="#000000" CREATED="1201282183606" ID="Freemind_Link_1027666650" MODIFIED="1202399146245" STYLE="fork" TEXT="Features 0.9.0">
<font NAME="SansSerif" SIZE="20"/>
<hook NAME="accessories/plugins/AutomaticLayout.properties"/>
<node COLOR="#0033ff" CREATED="1201283648829" ID="Freemind_Link_813308322" MODIFIED="1203097937857" POSITION="right" STYLE="fork" TEXT="Main new features">
<edge STYLE="sharp_bezier" WIDTH="8"/>
<font NAME="SansSerif" SIZE="18"/>
<node COLOR="#00b439" CREATED="1201283660674" FOLDED="true" ID="Freemind_Link_1390621915" MODIFIED="1229067974470" STYLE="fork" TEXT="New Editor">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      The new editor supports text formatting in nodes and notes (the little window at the bottom of the frame).
    </p>
    <p>
      It is stored as (X)HTML inside the nodes and can be thus exported to HTML very efficiently.
    </p>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1201283668056" ID="Freemind_Link_433683362" MODIFIED="1201283681903">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="node_editor_simplyhtml.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1201283685546" ID="Freemind_Link_631373506" MODIFIED="1201283691657">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="node_editor_simplyhtml_html_view.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
<node COLOR="#00b439" CREATED="1201283806888" FOLDED="true" ID="Freemind_Link_1546698647" MODIFIED="1229067974470" STYLE="fork" TEXT="Notes enhancements">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      The notes do now directly belong to the main window. Even if it is not visible a tooltip indicates the content.
    </p>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1201283813962" ID="Freemind_Link_1086164438" MODIFIED="1201283819446">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="note_window.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1201506412267" ID="Freemind_Link_233524870" MODIFIED="1201506443515">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="note_window_tooltip.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
<node COLOR="#00b439" CREATED="1201506800600" ID="Freemind_Link_9416334" MODIFIED="1229067813292" STYLE="fork" TEXT="Filter">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      Using Filters the current mindmap can be reduced to nodes satisfying certain criteria. For example, if you only want to see every node containing &quot;TODO&quot;, then you have to press on the filter symbol (the funnel beside the zoom box), the filter toolbar appears, choose &quot;edit&quot; and add the condition that the node content contains &quot;TODO&quot;. Then select the filter in the filter toolbar. Now, only the filtered nodes and its ancestors are displayed unless you choose &quot;No filtering&quot; in the toolbar.
    </p>
    <p>
      Using the settings &quot;Show ancestors&quot; and &quot;Show descendants&quot; you can influence the apperance of the parent and child nodes that are connected with the nodes being filtered.
    </p>
    <p>
      There are many different criteria filters can be based on such as a set of selected nodes, a specific icon and some attributes.
    </p>
  </body>
</html>
</richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
</node>
<node COLOR="#00b439" CREATED="1201506806036" ID="Freemind_Link_1096073845" MODIFIED="1229068517238" STYLE="fork" TEXT="Attributes">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      Attributes are additional meta information in the form of text pairs attached to nodes.
    </p>
    <p>
      Thus, criteria like Context-&gt;Home or Context-&gt;Job can be expressed. Later a filter limits the display only to certain contexts.
    </p>
    <p>
      Moreover, Groovy scripts are currently stored within attributes.
    </p>
  </body>
</html>
</richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
</node>
</node>
<node COLOR="#0033ff" CREATED="1201282217311" ID="Freemind_Link_849247054" MODIFIED="1203097937860" POSITION="right" STYLE="fork" TEXT="Visual Changes">
<edge STYLE="sharp_bezier" WIDTH="8"/>
<font NAME="SansSerif" SIZE="18"/>
<node COLOR="#00b439" CREATED="1201282224869" FOLDED="true" ID="Freemind_Link_1307834035" MODIFIED="1229067974469" STYLE="fork" TEXT="Tabular MindMapping Support">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      It is possible to see all currently open maps at a glance.
    </p>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1201282281946" ID="Freemind_Link_1864289916" MODIFIED="1201282300067">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="tabular_support.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
<node COLOR="#00b439" CREATED="1201282406968" FOLDED="true" ID="Freemind_Link_101409050" MODIFIED="1229067974469" STYLE="fork" TEXT="Icon Toolbar is scrollable">
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1201282415646" ID="Freemind_Link_695696608" MODIFIED="1201282422569">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="icon_toolbar_scrollable.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
</node>
<node COLOR="#0033ff" CREATED="1201282319118" ID="Freemind_Link_1043646949" MODIFIED="1203097937861" POSITION="right" STYLE="fork" TEXT="Usability Improvements">
<edge STYLE="sharp_bezier" WIDTH="8"/>
<font NAME="SansSerif" SIZE="18"/>
<node COLOR="#00b439" CREATED="1201282325640" FOLDED="true" ID="Freemind_Link_556186325" MODIFIED="1229067974461" STYLE="fork" TEXT="Move in all directions">
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1201282465994" FOLDED="true" ID="Freemind_Link_924709284" MODIFIED="1229067974460" TEXT="Up and Down">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      This kind of navigation was already published in 0.8.0. But now, you can use other directions as well.
    </p>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
<node COLOR="#111111" CREATED="1201282472052" ID="Freemind_Link_917772022" MODIFIED="1203097894967">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="move_nodes_up_example.png"/>
  </body>
</html></richcontent>
</node>
<node COLOR="#111111" CREATED="1201282476870" ID="Freemind_Link_495589866" MODIFIED="1203097894968">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="move_nodes_up_example1.png"/>
  </body>
</html></richcontent>
</node>
</node>
<node COLOR="#990000" CREATED="1201282426565" FOLDED="true" ID="Freemind_Link_481786702" MODIFIED="1229067974460" TEXT="Left and Right">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      It is now possible to move nodes left and right. They come closer to root or move as new subnodes of the node above. The nodes can even change the side of root with this navigation. You can use it by the control+left and control+right keys.
    </p>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
<node COLOR="#111111" CREATED="1201282851749" FOLDED="true" ID="Freemind_Link_774463025" MODIFIED="1229067974459" TEXT="Getting higher and lower in the tree">
<node COLOR="#111111" CREATED="1201282873949" ID="Freemind_Link_623953260" MODIFIED="1203097894970">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="move_nodes_right_example2.png"/>
  </body>
</html></richcontent>
</node>
<node COLOR="#111111" CREATED="1201282895687" ID="Freemind_Link_1563328606" MODIFIED="1203097894970">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="move_nodes_right_example3.png"/>
  </body>
</html></richcontent>
</node>
<node COLOR="#111111" CREATED="1201282902044" ID="Freemind_Link_1015311948" MODIFIED="1203097894971">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="move_nodes_right_example5.png"/>
  </body>
</html></richcontent>
</node>
</node>
<node COLOR="#111111" CREATED="1201282843249" FOLDED="true" ID="Freemind_Link_1554785271" MODIFIED="1229067974459" TEXT="Across the root node">
<node COLOR="#111111" CREATED="1201282434688" ID="Freemind_Link_1728934284" MODIFIED="1203097894972">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="move_nodes_right_example.png"/>
  </body>
</html></richcontent>
</node>
<node COLOR="#111111" CREATED="1201282441796" ID="Freemind_Link_221157986" MODIFIED="1203097894972">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="move_nodes_right_example1.png"/>
  </body>
</html></richcontent>
</node>
</node>
</node>
</node>
<node COLOR="#00b439" CREATED="1201282332144" FOLDED="true" ID="Freemind_Link_536412761" MODIFIED="1229067974459" STYLE="fork" TEXT="Menu items have mnemonics now">
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1201282344313" ID="Freemind_Link_1686909373" MODIFIED="1201282380292" STYLE="fork">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="menu_mnemonics_support.png"/>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
<node COLOR="#00b439" CREATED="1202399993070" FOLDED="true" ID="Freemind_Link_860723289" MODIFIED="1229067974458" STYLE="fork" TEXT="Format changes are now available at a single dialog">
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1202400006582" ID="Freemind_Link_673738479" MODIFIED="1202400011328">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="format_window.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
<node COLOR="#00b439" CREATED="1202400125364" FOLDED="true" ID="Freemind_Link_1848794893" MODIFIED="1229067974458" STYLE="fork" TEXT="New Pattern editor">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      Patterns are very useful helpers to get a consistent layout of your map. You can perform various format changes with one keystroke.
    </p>
    <p>
      The pattern editor is opened using F11 and presents all currently defined patterns.
    </p>
    <p>
      The following basic actions are available:
    </p>
    <ul>
      <li>
        You can move the pattern(s) up&amp;down using drag and drop.
      </li>
      <li>
        You can add a new pattern via the action menu.
      </li>
      <li>
        You can create a pattern from the selected nodes. If only one node is selected, its format changes in comparison to an unformatted node build a new pattern. If you have selected several nodes, the format changes that are common to all selected nodes are gathered in a new pattern. For example, if you have a bold node with yellow background and an italic node with the same background color, the newly created pattern would consist of the yellow background change.
      </li>
      <li>
        You can apply patterns to the currently selected nodes and finally,
      </li>
      <li>
        you can remove patterns.
      </li>
    </ul>
    <p>
      The patterns are stored in the patterns.xml file in your &lt;user directory&gt;/.freemind/ directory and are reloaded the next time you use freemind. The patterns are not part of the maps.
    </p>
    <p>
      Inside the patterns, there is a left and right hand side. On the right hand side, the format changes are displayed. On the left side there is a plus or minus or empty box. They mean the following:
    </p>
    <ul>
      <li>
        Plus: indicates that the format on the left is applied.
      </li>
      <li>
        Minus: forces the corresponding format to be reverted to the standard value.
      </li>
      <li>
        Empty: No change.
      </li>
    </ul>
    <p>
      A novelity is the possibility to associate a script to a pattern. Thus, patterns can now change much more than the pure format changes. For example, you can put macros inside the patterns that change the selected or more nodes at once. This functionality can't be overestimated as it opens complete new automatism capabilities to FreeMind.
    </p>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1202400173321" ID="Freemind_Link_1108991945" MODIFIED="1202400181702">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="pattern_window_with_popup.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
<node COLOR="#00b439" CREATED="1203059325942" FOLDED="true" ID="Freemind_Link_1489168699" MODIFIED="1229067974457" STYLE="fork" TEXT="Automatic Layout Customizable">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      Inside the preferences there is the possibility to change the layout of the automatic layout functionality.
    </p>
    <p>
      Thus, you can change the color and appearance of each level. For example, the used color green is difficult to be read with a beamer. Now, you can change the color to dark green.
    </p>
    <p>
      Observe, that changes to the specification doesn't change the layout of the map directly. You have to close and reopen the map, first.
    </p>
    <p>
      Currently, these format specifications are stored in the preferences of the current user and not inside the map. Thus, on a different system, the automatic layout of a map may look different. This will be changed in the next release of FreeMind.
    </p>
    <p>
      For advanced users it is even possible to change the number of levels. Change something in the preferences of the automatic layout. Now, the format specification is stored in the user preferences. Open the file &lt;user_directory&gt;/.freemind/auto.properties and search for the line automaticLayout_level, and duplicate the last &lt;pattern name=...&gt;...&lt;/pattern&gt; entry. Now, you have one level more.
    </p>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1203096440679" ID="Freemind_Link_1204327766" MODIFIED="1203096480552">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="automatic_layout_customization.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
<node COLOR="#00b439" CREATED="1202400209358" FOLDED="true" ID="Freemind_Link_60926823" MODIFIED="1229067974457" STYLE="fork" TEXT="Search &amp; Replace Dialog">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      A new search and replace dialog enables to quickly search for text fragments and to replace them.
    </p>
    <p>
      Its functionality includes
    </p>
    <ul>
      <li>
        Find as you type: when you start to specify your search text, it starts to reduce the amount of displayed nodes. It searches for the text inside the nodes text only (attached notes are currently not searched).
      </li>
      <li>
        Sortable node list: the main table is sortable by each criterion. Even by Icon. Thus, it is easy to find all nodes with attached note for example. Or to sort them by creation date to get the latest changes to the map!
      </li>
      <li>
        Cursor support: moving down moves from the search field to the replace field and then into the list.
      </li>
      <li>
        Node Path display: if you select a line, its path from the root of the map is displayed below.
      </li>
      <li>
        Direct access: if you press enter inside the table, the mind map displays the selected node (menu item "select" and "select and close").
      </li>
      <li>
        Replace: it is possible to replace all occurences or only the nodes belonging to the selected lines.
      </li>
      <li>
        Export: new striking possibility. Select some nodes and export them to a new mindmap. This makes it easy to generate a todo list from a hierachical mind map. For example, if you mark every todo item with the bell sign, then simply sort this list by icon and mark those containing the bell. Then press "export" and you get all these nodes as single nodes in a new map.
      </li>
    </ul>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1205774722014" ID="ID_169236260" MODIFIED="1205774808455">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="search_replace.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1205774810750" ID="ID_1997326720" MODIFIED="1205774823462">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="search_replace_export.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1205774824749" ID="ID_1588597986" MODIFIED="1205774831370">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="search_replace_export_window.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1205774835257" ID="ID_801476713" MODIFIED="1205774840638">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="search_replace_export_result.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
<node COLOR="#00b439" CREATED="1208893265045" ID="ID_224953554" MODIFIED="1208893481075" TEXT="Icons">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      Some key strokes makes the handling of icons even more easier. If you hold the SHIFT key while pressing on an icon on the left toolbar, all other icons are removed and this icon is the only one after the action. This is for example useful for changing the priority of a node.
    </p>
    <p>
      Another feature comes with pressing CTRL while choosing an icon. It causes this type of icon to be removed one by one. Suppose you have a node with the icons (1)(2)(1)(3) and you press CTRL-1 you get (1)(2)(3). This is useful as with the normal remove methods, only the last icon can be removed.
    </p>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
</node>
</node>
<node COLOR="#0033ff" CREATED="1201282939150" ID="Freemind_Link_150258579" MODIFIED="1203097937866" POSITION="right" STYLE="fork" TEXT="New Exports">
<edge STYLE="sharp_bezier" WIDTH="8"/>
<font NAME="SansSerif" SIZE="18"/>
<node COLOR="#00b439" CREATED="1201282945124" FOLDED="true" ID="Freemind_Link_1356291624" MODIFIED="1229067974456" STYLE="fork" TEXT="As flash and as a Java applet">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      Flash and Java applet export can be used to bring mindmaps into the internet.
    </p>
    <p>
      The difference between the two is, that the Java applet looks exactly like the map on the screen, but needs longer to be loaded.
    </p>
    <p>
      The flash application is very fast and has some different features built in. But it has a different look and feel.
    </p>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1201283573013" ID="Freemind_Link_1099251335" MODIFIED="1201283579454">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="new_exports.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1201282973565" ID="Freemind_Link_1360729329" MODIFIED="1201283563783">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="new_export_flash.png"/>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
</node>
<node COLOR="#0033ff" CREATED="1201506466515" ID="Freemind_Link_676471791" MODIFIED="1203097937867" POSITION="right" STYLE="fork" TEXT="Scripting Support">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      FreeMind can now be scripted by using Groovy scripts. Groovy is a very easy to use scripting language best integrating into FreeMind.
    </p>
    <p>
      There are two possibilities to use scripts:
    </p>
    <ol>
      <li>
        Choose the script editor to easily add, change and test your scripts. Technically, scripts are attached to a node via an attribute starting with "script" (like "script1") that contains the script. Every time you choose "Evaluate" from the tools menu, all scripts attached to nodes are executed.
      </li>
      <li>
        Create or change a pattern and press the script button. The script editor appears and your script will be associated to a pattern. Every time you apply the pattern to some nodes, the script is executed for that nodes automatically. Thus, you can have the scripts with keyboard shortcuts as the patterns are accessible via shortcuts.
      </li>
    </ol>
    <p>
      Every script is at evaluation time started with two predefined java objects coming from the map:
    </p>
    <ul>
      <li>
        node is the current node. It is a freemind.modes.MindMapNode. This node can be used to retrieve information about the contents, its children or its formatting. <i>Don't use the setter to change the node. Use the following instead:</i>
      </li>
      <li>
        c is the current controller. It is a freemind.modes.mindmapmode.MindMapController. This controller <b>should</b> be used to change information. For example, if you want to change the nodes text or if you want to add children. The methods that can be used are sumarized in freemind.modes.mindmapmode.actions.MindMapActions.
      </li>
    </ul>
    <p>
      There are two automatisms regarding the effect of a script:
    </p>
    <ol>
      <li>
        If a script starts with "=", the result of the script is taken to be the new nodes text. Example script1: =17+4. If executed, the node the script is associated to will be changed to 21.
      </li>
      <li>
        If a script starts with letters (digits and '_') only and then a "=" sign, like "sum=17+4", the result is taken to be a (possibly new) attribute named "sum" in this case with the content 21.
      </li>
    </ol>
    <p>
      For more examples consult our little scripting guide below or our web pages.
    </p>
    <p>
      A last word on security: before scripts is evaluated for the first time in FreeMind, the user is asked whether or not he allows it. The answer can be stored for every script but observe that a malicious script is able to perform every action on your computer that your users rights allow up to delete all files or send them to pirates.ru. This said, be careful and don't allow scripts when you don't know that the author is trusted. Finally, scripts are never evaluated automatically in FreeMind for these reasons. Thus, you can open a map without problems and have a look at the scripts it contains.
    </p>
  </body>
</html></richcontent>
<edge STYLE="sharp_bezier" WIDTH="8"/>
<font NAME="SansSerif" SIZE="18"/>
<node COLOR="#00b439" CREATED="1201506580407" ID="Freemind_Link_1055396713" MODIFIED="1207841180246" STYLE="fork" TEXT="Little FreeMind Scripting Guide">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      If your scripts want to change some map data (which they commonly want to) they should rely on the methods provided by the MindMapController c.
    </p>
    <p>
      These methods are summarized and partially documented in the class "MindMapActions":
    </p>
    <p>
      <a href="http://freemind.cvs.sourceforge.net/freemind/freemind/freemind/modes/mindmapmode/actions/MindMapActions.java?view=log&amp;pathrev=fm_060405_integration">http://freemind.cvs.sourceforge.net/freemind/freemind/freemind/modes/mindmapmode/actions/MindMapActions.java?view=log&amp;pathrev=fm_060405_integration</a>
    </p>
    <p>
      The listeners mentioned below (ie. NodeSelectionListener and NodeLifetimeListener) can be registered and found in the class "ModeController" (also c):
    </p>
    <p>
      <a href="http://freemind.cvs.sourceforge.net/freemind/freemind/freemind/modes/ModeController.java?view=log&amp;pathrev=fm_060405_integration">http://freemind.cvs.sourceforge.net/freemind/freemind/freemind/modes/ModeController.java?view=log&amp;pathrev=fm_060405_integration</a>
    </p>
    <p>
      Here we present some snippets of useful Groovy code that can be used as parts of your scripts. More scripts can be found on our web sites.
    </p>
    <ul>
      <li>
        Change the node text:<br/>=17+4<br/>(Explanation: if a script starts with "=", the result of the script is taken as the new nodes text.)
      </li>
      <li>
        Change an attributes value:<br/>attribute_name=17+4<br/>(Explanation: if a script starts with a name and then directly a "=" sign, its result is associated to this attribute which is created if not already present.)
      </li>
      <li>
        Read and change the nodes text:<br/>c.setNodeText(node, node.getText() + "_CHANGED");
      </li>
      <li>
        Read an attribute<br/>def value = node.getAttribute("key"); // value is of type String.<br/><br/>
      </li>
      <li>
        Create or change attributes: the following method checks whether or not an attribute with the same key exists and replaces it. Otherwise a new attribute is created and added.<br/>c.editAttribute(node, "key", "new value");<br/>
      </li>
      <li>
        Remove an attribute by name:<br/>c.editAttribute(node, "key", null);<br/>This method returns the former index of the attribute, or -1 if the key wasn't found.<br/>
      </li>
      <li>
        Traverse all children<br/>def it = node.childrenUnfolded();<br/>while(it.hasNext()) {<br/>def child = it.next();<br/>}
      </li>
      <li>
        Traverse all children and its children recursively. The following examples prints the content of every node including its childs<br/>

        <pre>def stack = new java.util.Stack();<br/>stack.push(node);<br/>while(stack.size()&gt;0) 
        {<br/>		def current =stack.pop();<br/>		print current.getShortText(c) + ", ";<br/>		stack.addAll(current.getChildren());<br/>	}</pre>
        <br/>
        <br/>
        
      </li>
      <li>
        Real world example: nodes may have an attribute "work" that specifies the work needed for the specific work package (e.g. in days). This script computes the sum of all work packages such that each node gets an attribute "sum" containing the amount of work needed for all descendants. This script, if executed via Alt+F8, automatically applies to the root of the map. But, every time, you change the values, you have to reexecute this script.<br/><br/>

        <pre>def calcWork(child) {
	def sum = 0;
	def it = child.childrenUnfolded(); 
	while(it.hasNext()) { 
		def child2 = it.next(); 
		sum += calcWork(child2);
		def w = child2.getAttribute("work");
		if(w != null)
			sum += Integer.parseInt( w);
	}
	if(sum&gt;0)
		c.editAttribute(child, "sum", (String) sum);
	return sum;
}

calcWork(c.getRootNode());</pre>
      </li>
      <li>
        A very advanced example: the last script is integrated into a listener that detects node changes, so the sums are always recreated when a node is changed. This script introduces a new element in scripting: the "cookies". It is a usual HashMap where scripts can store values that they need the next time, they are executed. For every map, there is a new cookie map, such that cookies are map local. Moreover, they are not stored persistently and are lost after termination of FreeMind or after closing a map. In this example, they serve as a static variable in which it is stored whether or not the script was already executed and which listener was used in order to deregister the old one first.<br/>

        <pre>class MyNodeListener implements freemind.modes.ModeController.NodeSelectionListener {
	freemind.modes.mindmapmode.MindMapController c;
        MyNodeListener(freemind.modes.mindmapmode.MindMapController con) {
		this.c = con;
		}

		/** 
         * Sent, if a node is changed
         * */
        void onUpdateNodeHook(freemind.modes.MindMapNode node){		
			calcWork(c.getRootNode());
		};

        /** Is sent when a node is selected.
         */
        void onSelectHook(freemind.view.mindmapview.NodeView node){};
        /**
         * Is sent when a node is deselected.
         */
        void onDeselectHook(freemind.view.mindmapview.NodeView node){};

		/**
		 * Is issued before a node is saved (eg. to save its notes, too, even if the notes is currently edited).
		 */
		void onSaveNode(freemind.modes.MindMapNode node){};

def calcWork(child) {
	def sum = 0;
	def it = child.childrenUnfolded(); 
	while(it.hasNext()) { 
		def child2 = it.next(); 
		sum += calcWork(child2);
		def w = child2.getAttribute("work");
		if(w != null)
			sum += Integer.parseInt( w);
	}
	if(sum&gt;0)
		c.editAttribute(child, "sum", (String) sum);
	return sum;
}

}

def cookieKey = "work_update_listener";
if(cookies.get(cookieKey) != null) {
	c.deregisterNodeSelectionListener(cookies.get(cookieKey));
}
def newListener = new MyNodeListener(c);
cookies.put(cookieKey, newListener);
c.registerNodeSelectionListener(newListener);
      </pre>
      </li>
      <li>
        A sorting example: Currently we provide a function that sorts all children by name, but if you want to sort them by their icons for example, you can use the following script (or change it, if you have different sorting criteria):<br/>

        <pre>import java.awt.datatransfer.Transferable;
import java.util.Comparator;
import java.util.Iterator;
import java.util.TreeSet;
import java.util.Vector;
import freemind.modes.MindMapNode;

	class IconComparator implements java.util.Comparator {
			int compare(java.lang.Object pArg0, java.lang.Object pArg1) {
				if (pArg0 instanceof MindMapNode) {
					MindMapNode node1 = (MindMapNode) pArg0;
					if (pArg1 instanceof MindMapNode) {
						MindMapNode node2 = (MindMapNode) pArg1;
						String iconText1 = getIconText(node1);
						String iconText2 = getIconText(node2);
						//print "comparing" + iconText1 + " with " + iconText2 + "\n";
						return iconText1.compareToIgnoreCase(iconText2);
					}
				}
				return 0;
			}
		def getIconText(MindMapNode n) {
			if(n.getIcons() == null || n.getIcons().size()==0) 
				return "";
			def retString = "";
			def it = n.getIcons().iterator();
			while(it.hasNext()) {
				retString +=it.next().getName()+", ";
			}
			return retString;
		}
	}


		// we want to sort the children of the node:
	 	Vector children = new Vector();
		// put in all children of the node
		children.addAll(node.getChildren());
		// sort them
		java.util.Collections.sort(children, new IconComparator());
		//print "The set has " + children.size() + " entries\n";
		// now, as it is sorted. we cut the children
		def it2 = children.iterator();
		while (it2.hasNext()) {
			MindMapNode child = (MindMapNode) it2.next();
			Vector childList = new Vector();
			childList.add(child);
			Transferable cut = c.cut(childList);
			// paste directly again causes that the node is added as the last one.
			c.paste(cut, node);
		}
		c.select(c.getNodeView(node));</pre>
      </li>
      <li>
        A presentation script. Everytime you select a node, all other nodes are closed and this node is expanded by one. Just give it a try..<br/>

        <pre>class MyNodeListener implements freemind.modes.ModeController.NodeSelectionListener {
	freemind.modes.mindmapmode.MindMapController c;
        MyNodeListener(freemind.modes.mindmapmode.MindMapController con) {
		this.c = con;
		}

		/** 
         * Sent, if a node is changed
         * */
        void onUpdateNodeHook(freemind.modes.MindMapNode node){		
		};

        /** Is sent when a node is selected.
         */
        void onSelectHook(freemind.view.mindmapview.NodeView node){
			if(c.getSelecteds().size()&gt;1)
				return;
			// unfold node:
			c.setFolded(node.getModel(), false);
			// fold every child:
                def it2 = node.getModel().childrenUnfolded().iterator();
                while (it2.hasNext()) {
                        def child = it2.next();
				  c.setFolded(child, true);
			}
			// close everything else:
			foldEverybody(node.getModel().getParent(),node.getModel());
		};
        /**
         * Is sent when a node is deselected.
         */
        void onDeselectHook(freemind.view.mindmapview.NodeView node){};

		/**
		 * Is issued before a node is saved (eg. to save its notes, too, even if the notes is currently edited).
		 */
		void onSaveNode(freemind.modes.MindMapNode node){};
def foldEverybody(child, exception) {
		if(child == null || child.isRoot())
			return;
        def it = child.childrenUnfolded();
        while(it.hasNext()) {
                def child2 = it.next();
			if(child2 != exception) {
				c.setFolded(child2, true);
			}
        }
	if(!child.getParent().isRoot())
		foldEverybody(child.getParent(), exception.getParent());
}


}

def cookieKey = "presentation_listener";
if(cookies.get(cookieKey) != null) {
	c.deregisterNodeSelectionListener(cookies.get(cookieKey));
}
def newListener = new MyNodeListener(c);
cookies.put(cookieKey, newListener);
c.registerNodeSelectionListener(newListener);</pre>
      </li>
    </ul>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
</node>
<node COLOR="#00b439" CREATED="1204696614656" ID="ID_491680673" MODIFIED="1204780788842" TEXT="How to install a script as a menu item">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      Once, you've created or found some interesting scripts, you probably want to get a FreeMind menu item with an own shortcut to execute the script.
    </p>
    <p>
      To do this, save the script to a file and edit "ScriptingEngine.xml" inside the FreeMind script directory inside your installation.
    </p>
    <p>
      You'll find a template for a script action that is commented out (ie. surrounded by &lt;!-- ... --&gt;). Uncomment the template and fill out the following bold places:
    </p>
    <pre>      &lt;plugin_action
      name="<b>GroovyGroovy</b>"
      documentation="<b>this is my first installed groovy script.</b>"
      label="<b>plugins/GroovyScript1</b>"
      base="freemind.extensions.ModeControllerHookAdapter"
      class_name="plugins.script.ScriptingEngine"&gt;
      &lt;plugin_mode class_name="freemind.modes.mindmapmode"/&gt;
      &lt;plugin_menu location="<b>menu_bar/extras/first/scripting/groovy1</b>"/&gt;
      &lt;plugin_property name="ScriptLocation" value="<b>/home/foltin/test.groovy</b>"/&gt;
      &lt;/plugin_action&gt;
    </pre>
    <p>
      The most important change is the location of the script. Moreover, if you have several scripts you want to install, the labels and the menu_location must be unique.
    </p>
    <p>
      If you now restart FreeMind you get a new menu item (in this example in the "Extras" menu) that carries out your script. Observe, that the "node" variable points to the root node.
    </p>
    <p>
      If you want to have a keyboard short cut for the new script, you have to add the bold line into the entry in ScriptingEngine.xml like:
    </p>
    <pre>      &lt;plugin_action
      name="GroovyGroovy"
      documentation="this is my first installed groovy script."
      label="plugins/GroovyScript1"
      <b>key_stroke="control shift M" </b>
      base="freemind.extensions.ModeControllerHookAdapter"
      class_name="plugins.script.ScriptingEngine"&gt;
      &lt;plugin_mode class_name="freemind.modes.mindmapmode"/&gt;
      &lt;plugin_menu location="menu_bar/extras/first/scripting/groovy1"/&gt;
      &lt;plugin_property name="ScriptLocation" value="/home/foltin/test.groovy"/&gt;
      &lt;/plugin_action&gt;
    </pre>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
</node>
<node COLOR="#00b439" CREATED="1202399428098" FOLDED="true" ID="Freemind_Link_194673968" MODIFIED="1229067974455" STYLE="fork" TEXT="Pictures">
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="16"/>
<node COLOR="#990000" CREATED="1201506526029" ID="Freemind_Link_1885521461" MODIFIED="1202399428111" STYLE="fork">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="script_editor.png"/>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1201506546021" ID="Freemind_Link_1289478680" MODIFIED="1202399428193" STYLE="fork">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="script_editor_attached_script.png"/>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1201506596957" ID="Freemind_Link_1136959722" MODIFIED="1202399428663" STYLE="fork">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="script_example_script_editor.png"/>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="14"/>
</node>
<node COLOR="#990000" CREATED="1201506491455" ID="Freemind_Link_1324027157" MODIFIED="1202399428737" STYLE="fork">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="script_example_mm.png"/>
  </body>
</html></richcontent>
<edge STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="14"/>
</node>
</node>
</node>
</node>
</map>
