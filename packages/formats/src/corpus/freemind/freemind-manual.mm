<map version="1.0.1">
<!-- To view this file, download free mind mapping software FreeMind from http://freemind.sourceforge.net -->
<attribute_registry>
<attribute_name NAME="CHECKPOINT_LIST" RESTRICTED="true">
<attribute_value VALUE="[174156662,0,/home/foltin/java/freemind/0_9_0/freemind/doc/.CHECKPOINT/CHECKPOINT_freemind3888192519106551893.mm]"/>
<attribute_value VALUE="[846848357,174156662,/home/foltin/java/freemind/0_9_0/freemind/doc/.CHECKPOINT/CHECKPOINT_freemind7807431841752386277.mm]"/>
</attribute_name>
<attribute_name NAME="LATEST_VERSION" RESTRICTED="true">
<attribute_value VALUE="846848357"/>
</attribute_name>
<attribute_name NAME="VERSION" RESTRICTED="true">
<attribute_value VALUE="846848357"/>
</attribute_name>
</attribute_registry>
<node COLOR="#993300" CREATED="1124560950701" ID="ID_911274459" MODIFIED="1255776196712">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body width="">
    <p align="center">
      FreeMind<br/><small>- free mind mapping software -</small>
    </p>
  </body>
</html></richcontent>
<font NAME="Dialog" SIZE="18"/>
<node CREATED="1124560950701" ID="ID_91518160" LINK="http://freemind.sourceforge.net" MODIFIED="1124560950701" POSITION="left" TEXT="Home page of FreeMind">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#006699" CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_1091417446" MODIFIED="1256324974012" POSITION="left" TEXT="Table of key mappings">
<node CREATED="1124560950701" ID="ID_1069493165" MODIFIED="1225862919412" TEXT="File commands:New map      - Ctrl+NOpen map     - Ctrl+OSave map     - Ctrl+SSave as      - Ctrl+Shift+SPrint        - Ctrl+PClose        - Ctrl+WQuit         - Ctrl+QPrevious map - Alt+Shift+LEFTNext Map     - Alt+Shift+RIGHTExport file to HTML          - Ctrl+EExport branch to HTML        - Ctrl+HExport branch to new MM file - Alt+Shift+AOpen first file in history   - Ctrl+Shift+WEdit commands:Find        - Ctrl+FFind next   - Ctrl+GCut         - Ctrl+XCopy        - Ctrl+CCopy single - Ctrl+Shift+CPaste       - Ctrl+VMode commands:MindMap mode - Alt+1Browse mode  - Alt+2 File mode    - Alt+3Node formatting commands:Italicize                 - Ctrl+IBold                      - Ctrl+BCloud                     - Ctrl+Shift+BChange node color         - Alt+Shift+FBlend node color          - Alt+Shift+BChange node edge color    - Alt+Shift+EIncrease node font size   - Ctrl+&apos;+&apos;decrease node font size   - Ctrl+&apos;-&apos;Node navigation commands:Go to root  - ESCAPEMove up     - UPMove down   - DOWNMove left   - LEFTMove right  - RIGHTFollow link - Ctrl+ENTERZoom out    - Alt+UPZoom in     - Alt+DOWNNode movement commands:Move node up              - Ctrl+UPMove node down            - Ctrl+DOWNMove node left            - Ctrl+LEFTMove node right           - Ctrl+RIGHTNew node commands:Add sibling node   - ENTERAdd child node     - INSERTAdd sibling before - Shift+ENTERAdd new parent     - Shift+INSERTNode editing commands:Edit selected node        - F2Edit long node            - Alt+ENTERJoin nodes                - Ctrl+JToggle folded             - SPACEToggle children folded    - Ctrl+SPACESet link by filechooser   - Ctrl+Shift+KSet link by text entry    - Ctrl+KSet image by filechooser  - Alt+K">
<font NAME="Dialog" SIZE="12"/>
</node>
</node>
<node COLOR="#006633" CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_904501221" MODIFIED="1256021501399" POSITION="left" TEXT="Installation2">
<node COLOR="#006699" CREATED="1124560950701" ID="_Freemind_Link_1911559485" MODIFIED="1225953424235" TEXT="Links">
<node CREATED="1124560950701" ID="ID_1620747952" LINK="http://java.sun.com/javase/downloads/index.jsp" MODIFIED="1225953435738" TEXT="Download the Java Runtime Environment (at least J2RE1.4)">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950701" ID="_Freemind_Link_1612101865" LINK="http://freemind.sourceforge.net/wiki/index.php/Download#Download" MODIFIED="1216753620941" TEXT="Download the Application">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node CREATED="1124560950701" ID="_Freemind_Link_139664576" MODIFIED="1225863201441" TEXT="To install FreeMind on Microsoft Windows, install FreeMind-Windows-Installer-x_y_z-max-java-installer-embedded.exe. This download also includes the obligatory Java installation routine."/>
<node CREATED="1124560950701" ID="_Freemind_Link_1380352758" MODIFIED="1124560950701" TEXT="To install FreeMind on Linux, download Java Runtime Environment and FreeMind application itself. First install Java, then unpack FreeMind. To run FreeMind, execute freemind.sh."/>
<node CREATED="1124560950701" ID="ID_1255256111" MODIFIED="1225863112656" TEXT="To install FreeMind on Mac OS X, download the universial binary Mac_OS_X_Freemind-x_y_z.dmg, double click it and drag the application FreeMind into the program folder. After that FreeMind is started via double click on the application icon inside the program folder."/>
<node CREATED="1124560950701" ID="_Freemind_Link_1808511462" MODIFIED="1124560950701" TEXT="On Microsoft Windows and Mac OS X, you can also simply double click the file freemind.jar located at the folder lib to run FreeMind."/>
</node>
<node COLOR="#006633" CREATED="1225863316581" FOLDED="true" ID="ID_1456000876" MODIFIED="1225953492481" POSITION="left" STYLE="fork" TEXT="Modes">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<node COLOR="#407000" CREATED="1124560950701" ID="_Freemind_Link_353522063" MODIFIED="1225908860203" TEXT="Browsing the files on your computer">
<node CREATED="1124560950701" ID="ID_653735925" MODIFIED="1124560950701" TEXT="To browse files on your computer, switch to file mode in pull-down menu using Modes &gt; File."/>
<node CREATED="1124560950701" ID="ID_1006047039" MODIFIED="1124560950701" TEXT="You browse the file tree as if it was a mind map."/>
<node CREATED="1124560950701" ID="ID_40350635" MODIFIED="1124560950701" TEXT="To make a folder the central node of the map, in node context menu use Center."/>
<node CREATED="1124560950701" ID="ID_615569950" MODIFIED="1124560950701" TEXT="To view, edit or execute a file, follow the link of its node."/>
<node CREATED="1124560950701" ID="_Freemind_Link_279880616" MODIFIED="1225863254957" TEXT="The file mode is currently not very useful. It is a demonstration that it&apos;s not too difficult to feed data into the tree from other source than mind map. But some people seem to use this mode."/>
</node>
<node COLOR="#407000" CREATED="1124560950701" ID="_Freemind_Link_1530607683" MODIFIED="1225908860212" TEXT="Browsing mind maps">
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="To browse mind maps rather than to edit them, switch to browse mode in pull-down menu using Modes &gt; Browse. Unless used in FreeMind applet, this function is useless."/>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="The reasons for having a separate browsing mode are technical. Browsing is the only thing you can do in FreeMind applet which can be put to your website. Normally, you would not use browse mode in FreeMind."/>
</node>
<node COLOR="#407000" CREATED="1124560950701" ID="_Freemind_Link_1136088046" MODIFIED="1225908860221" TEXT="About modes">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" ID="_Freemind_Link_1713057526" MODIFIED="1124560950701" TEXT="Although Freemind is primarily a tool for editing mind maps, it is designed to be able to view data coming from various data sources.  To make a specific data source available for viewing in FreeMind, a programmer has to write a so called mode for that data source. File mode is an example. We do not know of any other modes implemented. It is not clear if anyone would really want to make use of this architecture; it&apos;s here to be exploited if someone wants to.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950701" ID="_Freemind_Link_700085988" MODIFIED="1124560950701" TEXT="There is code almost ready for scheme mode which enables you to edit scheme programs. Again, the usefulness is far from clear. Unlike mind map mode, other modes are more of a demonstration of what is possible rather than something actually in use.">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_1525986009" MODIFIED="1225908591091" POSITION="left" TEXT="Installing FreeMind applet at your web site">
<node COLOR="#000000" CREATED="1124560950701" ID="ID_1268577386" MODIFIED="1124560950701" TEXT="You can install the applet at your website so that other users can browse your mind maps.">
<font NAME="Dialog" SIZE="12"/>
</node>
<node CREATED="1225908541430" FOLDED="true" ID="ID_634831147" MODIFIED="1225908589761" TEXT="Installation using Export">
<node CREATED="1225908548033" ID="ID_1003035062" MODIFIED="1225908562537" TEXT="Use the functionality Export as Java Applet"/>
<node CREATED="1225908574048" ID="ID_628019093" MODIFIED="1225908589017" TEXT="The applet is opened in the browser directly after the export."/>
</node>
<node CREATED="1225908533396" FOLDED="true" ID="ID_303709830" MODIFIED="1225908539869" TEXT="Installation by hand">
<node CREATED="1124560950701" ID="ID_703071593" LINK="http://sourceforge.net/project/showfiles.php?group_id=7118" MODIFIED="1124560950701" TEXT="Download the applet, that is freemind-browser."/>
<node CREATED="1124560950701" ID="ID_688715663" MODIFIED="1124560950701" TEXT="The downloaded archive contains freemindbrowser.jar and freemindbrowser.html. Create a link from your page to freemindbrowser.html. In freemindbrowser.html change the path inside so that it points to your mind map."/>
<node CREATED="1124560950701" ID="ID_513478251" MODIFIED="1124560950701" TEXT="Applet&apos;s jar file must be located at the same server as the map itself, for java security reasons. You have to upload the FreeMind applet jar file and your mind map file to your web site."/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_1083756111" MODIFIED="1225908612787" POSITION="left" TEXT="Using the FreeMind applet">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" ID="_Freemind_Link_514864900" MODIFIED="1124560950701" TEXT="In FreeMind applet, you can only use the browse mode; you cannot edit remote maps. Click a node to toggle folding or to follow a link. Drag the background to move the map. To search the map, use node context menu.">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_1976458022" MODIFIED="1225908650678" POSITION="left" TEXT="Changes in user interface in version 0.6.5">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" ID="_Freemind_Link_717349033" MODIFIED="1124560950701" TEXT="Some of the keyboard settings have been redefined so that they align themselves with what we consider shared standard or intuitive use. Some of the new keyboard settings are modelled on Microsoft tools. New key settings include enter for creating of new siblings below the node, insert for creating new children, F2 for editing nodes - here the Microsoft influence is apparent while there is no intuitive reason to have F2 for node editing. But once you get used to it in all the applications you use, you want to have that one in FreeMind too.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950701" ID="_Freemind_Link_1179893656" MODIFIED="1124560950701" TEXT="The keyboard settings can be changed in pull-down menu Tools &gt; Preferences.">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#006699" CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_784043927" MODIFIED="1225908821246" POSITION="left" TEXT="Credits">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#006699" CREATED="1124560950701" ID="Freemind_Link_415458128" MODIFIED="1124560950701" TEXT="Authors">
<node COLOR="#996600" CREATED="1124560950701" ID="_Freemind_Link_1896457660" MODIFIED="1124560950701" TEXT="Joerg Mueller">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#558000" CREATED="1124560950701" LINK="mailto:ponders@t-online.de" MODIFIED="1124560950701" TEXT="ponders@t-online.de">
<font NAME="Dialog" SIZE="10"/>
</node>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="University of Freiburg, Germany">
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="_Freemind_Link_984984595" LINK="http://danpolansky.blogspot.com/" MODIFIED="1216753531920" TEXT="Daniel Polansky">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="_Freemind_Link_459203293" MODIFIED="1124560950701" TEXT="Petr Novak">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="_Freemind_Link_875814410" MODIFIED="1124560950701" TEXT="Christian Foltin">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#558000" CREATED="1124560950701" ID="ID_1341543922" LINK="mailto:christian.foltin@gmx.de" MODIFIED="1124560950701" TEXT="christian.foltin@gmx.de">
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="_Freemind_Link_1415293905" MODIFIED="1124560950701" TEXT="Dimitri Polivaev">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#996600" CREATED="1225908784937" ID="ID_1518099786" MODIFIED="1225908813653" STYLE="fork" TEXT="Eric Lavarde">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<node COLOR="#558000" CREATED="1225908790680" ID="ID_300895949" MODIFIED="1225908818552" STYLE="fork" TEXT="Linux packaging">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
</node>
<node COLOR="#006699" CREATED="1124560950701" ID="Freemind_Link_816166020" MODIFIED="1124560950701" TEXT="Smaller contributions">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#996600" CREATED="1124560950701" ID="ID_805941234" MODIFIED="1124560950701" TEXT="Andrew Iggleden">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Installer Windows">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="Freemind_Link_1096673251" MODIFIED="1124560950701" TEXT="Bob Alexander">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Eclipse howto">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="Freemind_Link_1024053399" MODIFIED="1124560950701" TEXT="David Butt">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Tutorial flash">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="ID_704366660" MODIFIED="1124560950701" TEXT="David Low">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Helpful">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
</node>
<node COLOR="#006699" CREATED="1124560950701" ID="Freemind_Link_360501151" LINK="http://freemind.sourceforge.net/wiki/index.php/Translation" MODIFIED="1225908677657" TEXT="Translations">
<node COLOR="#996600" CREATED="1124560950701" ID="Freemind_Link_807977431" MODIFIED="1124560950701" TEXT="Bob Alexander">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Italian translation">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="Freemind_Link_1853214917" MODIFIED="1124560950701" TEXT="Knud Riish&#xf8;jg&#xe5;rd">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Danish translation">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="Freemind_Link_1676529317" MODIFIED="1124560950701" TEXT="Takeshi Kakeda">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Japanese translation">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124562983644" ID="Freemind_Link_1172193026" MODIFIED="1124562984816" TEXT="Kohichi Aoki">
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Japanese translation">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="ID_963591396" MODIFIED="1124560950701" TEXT="Alex Dukal">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Spanish translation">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124562998159" ID="Freemind_Link_757563697" MODIFIED="1124563008034" TEXT="Hugo Gayosso">
<node COLOR="#999999" CREATED="1124560950701" ID="Freemind_Link_1783275246" MODIFIED="1124560950701" TEXT="Spanish translation">
<edge WIDTH="thin"/>
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950701" ID="Freemind_Link_929540960" MODIFIED="1124560950701" TEXT="Sylvain Gamel">
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="French translation">
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124561242082" ID="Freemind_Link_946171164" MODIFIED="1124561245019" TEXT="Koen Roggemans">
<node COLOR="#999999" CREATED="1124561245957" ID="Freemind_Link_1819881845" MODIFIED="1124561251675" TEXT="Dutch translation">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124561374999" ID="Freemind_Link_235962981" MODIFIED="1124561376718" TEXT="Rafal Kraik">
<node COLOR="#999999" CREATED="1124561377702" ID="Freemind_Link_459079511" MODIFIED="1124561382155" TEXT="Polish translation">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124561969717" ID="Freemind_Link_653284985" MODIFIED="1124561972920" TEXT="Goliath">
<node COLOR="#999999" CREATED="1124561438294" ID="Freemind_Link_1387213811" MODIFIED="1124561445950" TEXT="Korean translation">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124561753254" ID="Freemind_Link_35211963" MODIFIED="1124563712385" TEXT="Martin Srebotnjak (nick: Miles a.k.a. filmsi)">
<node COLOR="#999999" CREATED="1124561491886" ID="Freemind_Link_835144271" MODIFIED="1124561506386" TEXT="Slovenian translation">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124561814721" ID="Freemind_Link_1008886206" MODIFIED="1124561818580" TEXT="William Chen">
<node COLOR="#999999" CREATED="1124561497308" ID="Freemind_Link_1960552629" MODIFIED="1124561506011" TEXT="Chinese translation">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124561823877" ID="Freemind_Link_1650138043" MODIFIED="1124561876907" TEXT="Radek &#x160;varc">
<node COLOR="#999999" CREATED="1124561515761" ID="Freemind_Link_768227373" MODIFIED="1124561519885" TEXT="Czech translation">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124562250475" ID="Freemind_Link_901975324" MODIFIED="1124562252007" TEXT="Bal&#xe1;zs M&#xe1;rton">
<node COLOR="#999999" CREATED="1124562252585" ID="Freemind_Link_557911120" MODIFIED="1124562258428" TEXT="Hungarian translation">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124562948942" ID="Freemind_Link_290351026" MODIFIED="1124562950270" TEXT="Luis Ferreira ">
<node COLOR="#999999" CREATED="1124562956332" ID="Freemind_Link_6081004" MODIFIED="1124562961879" TEXT="Portuguese translation">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
<node COLOR="#999999" CREATED="1124563066204" ID="Freemind_Link_23652566" MODIFIED="1225908777406" TEXT="The credits for translations are probably incomplete. If we have forggoten you, let us know. There are so many translations that it is difficult to keep trac of the authors. In any case a warm thank you goes to everyone who has helped to make the program better.">
<font NAME="SansSerif" SIZE="10"/>
</node>
</node>
</node>
<node COLOR="#0033ff" CREATED="1124560950701" ID="ID_1238769160" MODIFIED="1124560950701" POSITION="right" TEXT="Press Ctrl + F to search. Press Ctrl + G to find next. To make the search global, press Esc before searching."/>
<node COLOR="#0033ff" CREATED="1124560950701" ID="ID_182998712" MODIFIED="1124560950701" POSITION="right" TEXT=" Press right arrow to unfold a text box."/>
<node COLOR="#407000" CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_1596161299" MODIFIED="1225908903311" POSITION="right" TEXT="Introduction">
<node CREATED="1124560950701" ID="ID_1959910954" MODIFIED="1124560950701" TEXT="FreeMind makes it possible to create so called mind maps. Still, many people use it as an alternative to a tabbed notebook or a personal information manager."/>
<node CREATED="1124560950701" ID="ID_1998652100" MODIFIED="1124560950701" TEXT="Information is stored in text boxes, called nodes. Nodes are connected together using curved lines called edges."/>
<node CREATED="1124560950701" ID="ID_982860994" MODIFIED="1225908901973" TEXT="This is a documentation for FreeMind 0.9.0. Keyboard mappings and positions of functions in menus can change from version to version."/>
</node>
<node COLOR="#996600" CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_706084071" MODIFIED="1354297085451" POSITION="right" TEXT="Demonstration of some features">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#669900" CREATED="1124560950701" ID="_Freemind_Link_735193624" MODIFIED="1124560950701" TEXT="Appearance">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Nodes can have different colors.">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#ff0000" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Red">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#009900" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Green">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#0000cc" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Blue">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node CREATED="1124560950701" ID="_" MODIFIED="1124560950701" TEXT="Node can have various background colors">
<node BACKGROUND_COLOR="#ffff99" CREATED="1124560950701" ID="_Freemind_Link_1358611533" MODIFIED="1225908925526" TEXT="This"/>
<node BACKGROUND_COLOR="#00cccc" CREATED="1124560950701" ID="_Freemind_Link_1317973766" MODIFIED="1225908933001" TEXT="That"/>
</node>
<node CREATED="1124560950701" ID="ID_1328055689" MODIFIED="1124560950701" TEXT="Nodes can have different font style">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Bold">
<font BOLD="true" NAME="Dialog" SIZE="12"/>
</node>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Italics">
<font ITALIC="true" NAME="Dialog" SIZE="12"/>
</node>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Bold and italics">
<font BOLD="true" ITALIC="true" NAME="Dialog" SIZE="12"/>
</node>
</node>
<node CREATED="1124560950701" ID="ID_755922951" MODIFIED="1124560950701" TEXT="Font of nodes can have different size">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="small">
<font NAME="SansSerif" SIZE="11"/>
</node>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="normal">
<font NAME="SansSerif" SIZE="13"/>
</node>
<node CREATED="1124560950701" ID="ID_1681673765" MODIFIED="1124560950701" TEXT="bigger">
<font NAME="SansSerif" SIZE="15"/>
</node>
<node CREATED="1124560950701" FOLDED="true" ID="ID_1173031872" MODIFIED="1225908942787" TEXT="Large">
<font NAME="SansSerif" SIZE="20"/>
<node CREATED="1124560950701" ID="ID_270076055" MODIFIED="1124560950701" TEXT="OOh">
<font NAME="SansSerif" SIZE="123"/>
</node>
</node>
</node>
<node CREATED="1124560950701" ID="ID_1446015570" MODIFIED="1124560950701" TEXT="Different font families may be used">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" ID="ID_1736318824" MODIFIED="1124560950701" TEXT="This">
<font NAME="Dialog" SIZE="16"/>
</node>
<node CREATED="1124560950701" ID="_Freemind_Link_1568731425" MODIFIED="1124560950701" TEXT="Or that">
<font NAME="Dialog" SIZE="12"/>
</node>
<node CREATED="1124560950701" ID="ID_1827160206" MODIFIED="1124560950701" TEXT="Or that one">
<font NAME="Dialog" SIZE="21"/>
</node>
</node>
<node CREATED="1124560950701" ID="_Freemind_Link_1193071041" MODIFIED="1124560950701" TEXT="Different node styles can be used">
<node CREATED="1124560950701" ID="_Freemind_Link_1979277285" MODIFIED="1124560950701" TEXT="Fork">
<node CREATED="1124560950701" ID="_Freemind_Link_89124429" MODIFIED="1124560950701" TEXT="Fork"/>
<node CREATED="1124560950701" ID="_Freemind_Link_173850525" MODIFIED="1124560950701" TEXT="Fork"/>
</node>
<node CREATED="1124560950701" ID="_Freemind_Link_1001811541" MODIFIED="1124560950701" STYLE="bubble" TEXT="Bubbled">
<node CREATED="1124560950701" ID="_Freemind_Link_1677737286" MODIFIED="1124560950701" STYLE="bubble" TEXT="Bubbled"/>
<node CREATED="1124560950701" ID="_Freemind_Link_978246353" MODIFIED="1124560950701" STYLE="bubble" TEXT="Bubbled"/>
</node>
</node>
</node>
<node COLOR="#669900" CREATED="1124560950701" ID="ID_1474428387" MODIFIED="1124560950701" TEXT="Nodes can be folded">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_307016912" MODIFIED="1124560950701" TEXT="Fold">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Hidden">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node CREATED="1124560950701" FOLDED="true" ID="_Freemind_Link_1488567837" MODIFIED="1124560950701" TEXT="Tree">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Oak">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Beech">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Elm">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
<node COLOR="#669900" CREATED="1124560950701" ID="ID_1281067726" MODIFIED="1124560950701" TEXT="Nodes can contain followable links to ... ">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#006699" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Web pages">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" LINK="http://www.google.com/" MODIFIED="1124560950701" TEXT="http://www.google.com/">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950701" LINK="www.google.com" MODIFIED="1124560950701" TEXT="www.google.com">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950701" MODIFIED="1124560950701" TEXT="Freemind thinks this is executable :)">
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
</node>
<node COLOR="#006699" CREATED="1124560950701" ID="ID_139757991" MODIFIED="1124560950701" TEXT="Local folders">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" LINK="C:/Program%20Files/" MODIFIED="1124560950701" TEXT="C:/Program Files/">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950701" ID="ID_1595151095" LINK="/home/" MODIFIED="1246861436679" TEXT="/home/">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#006699" CREATED="1124560950701" ID="ID_1564121882" MODIFIED="1124560950701" TEXT="Executables">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950701" ID="ID_156851888" LINK="%SystemRoot%\regedit.exe" MODIFIED="1124560950701" TEXT="%SystemRoot%\regedit.exe">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#006600" CREATED="1124560950701" ID="ID_888480331" MODIFIED="1124560950701" TEXT="You see that the node is executable by icon.">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
<node CREATED="1124560950717" ID="ID_145561119" MODIFIED="1124560950717" TEXT="Any document on your local computer or your company network">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#669900" CREATED="1124560950717" ID="_Freemind_Link_839677176" MODIFIED="1124560950717" TEXT="Multiline nodes">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950717" ID="_Freemind_Link_1423568963" MODIFIED="1246861496314" TEXT="You can see multiline nodes as a paragraph or as several paragraphs. An alternative to multiline nodes are the notes attached to each node (see notes). Instead of having a plain text file to keep your set of notes, you can have one short node with many multiline nodes as its children."/>
<node CREATED="1124560950717" ID="_Freemind_Link_1686184172" MODIFIED="1124560950717" TEXT="&quot;Science is facts; just as houses are made of stones, so is science made of facts; but a pile of stones is not a house and a collection of facts is not necessarily science.&quot; --Henri Poincar&#xe9;"/>
</node>
<node COLOR="#669900" CREATED="1124560950717" ID="ID_17769959" MODIFIED="1124560950717" TEXT="Short multiline nodes with newlines">
<node CREATED="1124560950717" ID="_Freemind_Link_1957797574" MODIFIED="1124560950717" TEXT="Line,and second,and yet another will do,so what do you think of that?"/>
</node>
<node COLOR="#669900" CREATED="1124560950717" ID="ID_1142864231" MODIFIED="1124560950717" TEXT="You can emulate labelled edges">
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Tree">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="is a">
<font NAME="Dialog" SIZE="10"/>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Oak">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#999999" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="is a">
<font NAME="Dialog" SIZE="10"/>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Beech">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#999999" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="is a">
<font NAME="Dialog" SIZE="10"/>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Elm">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Tree">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#999999" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="&lt;&gt;">
<font NAME="Dialog" SIZE="10"/>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Leaf">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#999999" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="&lt;&gt;">
<font NAME="Dialog" SIZE="10"/>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Trunk">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
</node>
<node COLOR="#669900" CREATED="1124560950717" ID="ID_803570958" MODIFIED="1124560950717" TEXT="You can have icons in a node">
<icon BUILTIN="knotify"/>
<icon BUILTIN="flag"/>
<icon BUILTIN="button_cancel"/>
<icon BUILTIN="button_ok"/>
<icon BUILTIN="back"/>
</node>
<node COLOR="#407000" CREATED="1124560950717" ID="_Freemind_Link_318937820" MODIFIED="1124560950717" TEXT="You can have clouds">
<cloud/>
<node CREATED="1124560950717" ID="ID_1323842379" MODIFIED="1225909444219" TEXT="With custom colors">
<cloud COLOR="#ffff33"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950717" ID="_Freemind_Link_1750585847" MODIFIED="1124560950717" TEXT="You can have graphical links">
<node CREATED="1124560950717" ID="_Freemind_Link_1212380407" MODIFIED="1124560950717" TEXT="Connecting node">
<arrowlink DESTINATION="_Freemind_Link_1249400461" ENDARROW="Default" ENDINCLINATION="41;0;" ID="Arrow_ID_854000001" STARTARROW="None" STARTINCLINATION="41;0;"/>
</node>
<node CREATED="1124560950717" ID="_Freemind_Link_1249400461" MODIFIED="1124560950717" TEXT="To another">
<arrowlink COLOR="#6600ff" DESTINATION="_Freemind_Link_880551392" ENDARROW="Default" ENDINCLINATION="47;0;" ID="Freemind_Arrow_Link_85185909" STARTARROW="None" STARTINCLINATION="47;0;"/>
<linktarget COLOR="#b0b0b0" DESTINATION="_Freemind_Link_1249400461" ENDARROW="Default" ENDINCLINATION="41;0;" ID="Arrow_ID_854000001" SOURCE="_Freemind_Link_1212380407" STARTARROW="None" STARTINCLINATION="41;0;"/>
</node>
<node CREATED="1124560950717" ID="_Freemind_Link_880551392" MODIFIED="1124560950717" TEXT="With different color">
<arrowlink DESTINATION="_Freemind_Link_1789233193" ENDARROW="Default" ENDINCLINATION="82;44;" ID="Freemind_Arrow_Link_1672464612" STARTARROW="None" STARTINCLINATION="82;44;"/>
<linktarget COLOR="#6600ff" DESTINATION="_Freemind_Link_880551392" ENDARROW="Default" ENDINCLINATION="47;0;" ID="Freemind_Arrow_Link_85185909" SOURCE="_Freemind_Link_1249400461" STARTARROW="None" STARTINCLINATION="47;0;"/>
</node>
<node CREATED="1124560950717" ID="_Freemind_Link_1789233193" MODIFIED="1124560950717" TEXT="And different routing">
<linktarget COLOR="#b0b0b0" DESTINATION="_Freemind_Link_1789233193" ENDARROW="Default" ENDINCLINATION="82;44;" ID="Freemind_Arrow_Link_1672464612" SOURCE="_Freemind_Link_880551392" STARTARROW="None" STARTINCLINATION="82;44;"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950717" ID="_Freemind_Link_127668276" MODIFIED="1225909093216" TEXT="Node can be positioned freely">
<node CREATED="1124560950717" HGAP="180" ID="_Freemind_Link_894936766" MODIFIED="1225909085436" TEXT="One" VSHIFT="-52"/>
<node CREATED="1124560950717" HGAP="191" ID="_Freemind_Link_1942481455" MODIFIED="1225909089291" TEXT="Another"/>
</node>
<node CREATED="1225909247697" ID="ID_1066935346" MODIFIED="1225909302927">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <p>
      <b>Rich</b>&#xa0;<i>text</i>&#xa0;<u>nodes</u>
    </p>
  </body>
</html></richcontent>
<node CREATED="1225909305745" ID="ID_1670679551" MODIFIED="1225909375472">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <table style="border-style: solid; border-top-width: 0; width: 80%; border-bottom-width: 0; border-right-width: 0; border-left-width: 0" border="0">
      <tr>
        <td valign="top" style="border-style: solid; border-top-width: 1; width: 50%; border-right-width: 1; border-bottom-width: 1; border-left-width: 1">
          <p style="margin-top: 1; margin-bottom: 1; margin-right: 1; margin-left: 1">
            Application
          </p>
        </td>
        <td valign="top" style="border-style: solid; border-top-width: 1; width: 50%; border-right-width: 1; border-bottom-width: 1; border-left-width: 1">
          <p style="margin-top: 1; margin-bottom: 1; margin-right: 1; margin-left: 1">
            Fun
          </p>
        </td>
      </tr>
      <tr>
        <td valign="top" style="border-style: solid; border-top-width: 1; width: 50%; border-bottom-width: 1; border-right-width: 1; border-left-width: 1">
          <p style="margin-top: 1; margin-bottom: 1; margin-right: 1; margin-left: 1">
            FreeMind
          </p>
        </td>
        <td valign="top" style="border-style: solid; border-top-width: 1; width: 50%; border-bottom-width: 1; border-right-width: 1; border-left-width: 1">
          <p style="margin-top: 1; margin-bottom: 1; margin-right: 1; margin-left: 1">
            High
          </p>
        </td>
      </tr>
      <tr>
        <td valign="top" style="border-style: solid; border-top-width: 1; width: 50%; border-right-width: 1; border-bottom-width: 1; border-left-width: 1">
          <p style="margin-top: 1; margin-bottom: 1; margin-right: 1; margin-left: 1">
            L*tus
          </p>
        </td>
        <td valign="top" style="border-style: solid; border-top-width: 1; width: 50%; border-right-width: 1; border-bottom-width: 1; border-left-width: 1">
          <p style="margin-top: 1; margin-bottom: 1; margin-right: 1; margin-left: 1">
            Low
          </p>
        </td>
      </tr>
    </table>
  </body>
</html></richcontent>
</node>
</node>
<node CREATED="1225909094296" ID="ID_4544357" MODIFIED="1225909188117" TEXT="Node may have notes">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      This&#xa0;is&#xa0;a&#xa0;note&#xa0;attached&#xa0;to&#xa0;the&#xa0;node.&#xa0;Use&#xa0;the&#xa0;"View"&#xa0;menu&#xa0;to&#xa0;display&#xa0;them&#xa0; &#xa0;at&#xa0;the&#xa0;bottom.&#xa0;Notes&#xa0;may&#xa0;be&#xa0;hidden&#xa0;completely&#xa0;as&#xa0;they&#xa0;reduce&#xa0;the&#xa0;space&#xa0;&#xa0; available&#xa0;for&#xa0;mind&#xa0;maps.&#xa0;But&#xa0;for&#xa0;long&#xa0;text&#xa0;this&#xa0;is&#xa0;the&#xa0;best&#xa0;way&#xa0;to&#xa0;keep&#xa0; the&#xa0;mind&#xa0;map&#xa0;clean&#xa0;but&#xa0;to&#xa0;attach&#xa0;the&#xa0;text.&#xa0;
    </p>
  </body>
</html></richcontent>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="_Freemind_Link_1709752669" MODIFIED="1225909220171" POSITION="right" TEXT="Creating and deleting nodes">
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="To create a child node, press Insert."/>
<node CREATED="1124560950717" ID="ID_135068608" MODIFIED="1124560950717" TEXT="To create a child node while editing another node, press Insert while editing."/>
<node CREATED="1124560950717" ID="ID_828299006" MODIFIED="1124560950717" TEXT="To create a sibling node below, press Enter."/>
<node CREATED="1124560950717" ID="ID_1279217448" MODIFIED="1124560950717" TEXT="To create a sibling node above, press Shift + Enter."/>
<node CREATED="1124560950717" ID="ID_1429325316" MODIFIED="1124560950717" TEXT="To delete a node, press delete."/>
<node CREATED="1124560950717" ID="ID_70104019" MODIFIED="1124560950717" TEXT="To delete a node while keeping for pasting, press Control + X."/>
<node CREATED="1124560950717" ID="ID_955011745" MODIFIED="1124560950717" TEXT="Alternatively, use node context menu, by right-clicking a node."/>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_1700974092" MODIFIED="1225909483655" POSITION="right" TEXT="Editing node text">
<node CREATED="1124560950717" ID="_Freemind_Link_519923426" MODIFIED="1124560950717" TEXT="To edit a node, press F2, HOME or END key, or in node context menu use Edit. To finish editing a node, press ENTER.">
<arrowlink DESTINATION="_Freemind_Link_519923426" ENDARROW="Default" ENDINCLINATION="0;0;" ID="Freemind_Arrow_Link_1179992477" STARTARROW="None" STARTINCLINATION="0;0;"/>
<linktarget COLOR="#b0b0b0" DESTINATION="_Freemind_Link_519923426" ENDARROW="Default" ENDINCLINATION="0;0;" ID="Freemind_Arrow_Link_1179992477" SOURCE="_Freemind_Link_519923426" STARTARROW="None" STARTINCLINATION="0;0;"/>
</node>
<node CREATED="1124560950717" ID="ID_259015496" MODIFIED="1124560950717" TEXT="To replace the text in a node with new one, start typing."/>
<node CREATED="1124560950717" ID="ID_93096599" MODIFIED="1124560950717" TEXT="To force long node editor when editing a short node, press Alt + Enter."/>
<node CREATED="1124560950717" ID="ID_278599618" MODIFIED="1124560950717" TEXT="To split a long node, use the button Split at the top of long node editor, or press Alt + S in the long node editor."/>
<node CREATED="1124560950717" ID="ID_167040323" MODIFIED="1124560950717" TEXT="To insert a newline in long node editor, press Control + Enter. You cannot insert newline in short node editor.">
<arrowlink DESTINATION="_Freemind_Link_1445647544" ENDARROW="Default" ENDINCLINATION="118;0;" ID="Freemind_Arrow_Link_1628309717" STARTARROW="None" STARTINCLINATION="118;0;"/>
</node>
<node CREATED="1124560950717" ID="ID_1985164174" MODIFIED="1124560950717" TEXT="To copy a selection to the clipboard while editing long node, press right mouse button and choose copy."/>
<node CREATED="1124560950717" ID="ID_137502638" MODIFIED="1124560950717" TEXT="To insert a special symbol like &#xa9;, insert it into your favorite text editor like Microsoft Word first, and then paste it into FreeMind."/>
<node CREATED="1124560950717" ID="_Freemind_Link_1445647544" MODIFIED="1124560950717" TEXT="By default, Enter finishes editing of a long node, and Control + Enter inserts a newline. By unchecking the check box &quot;Enter confirms&quot; you can reverse the function of the mentioned key combinations, i.e. ENTER enters new line and CONTROL ENTER finishes editing. You can set the default value of that check box in preferencess. Moreover, the value of the box is saved during a session of FreeMind.">
<linktarget COLOR="#b0b0b0" DESTINATION="_Freemind_Link_1445647544" ENDARROW="Default" ENDINCLINATION="118;0;" ID="Freemind_Arrow_Link_1628309717" SOURCE="ID_167040323" STARTARROW="None" STARTINCLINATION="118;0;"/>
</node>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="FreeMind fully supports unicode. Thus you can use the script of your choice."/>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_1660149394" MODIFIED="1246895592164" POSITION="right" TEXT="Formatting a node">
<node CREATED="1124560950717" ID="ID_1678049082" MODIFIED="1225909490548" TEXT="To make a node bold, press Ctrl + B.">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_283565560" MODIFIED="1225909492537" TEXT="To make a node italic, press Ctrl + I.">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_1364888276" MODIFIED="1225909536204" TEXT="To change the text color of a node, press Alt + Shift + F">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_1023484815" MODIFIED="1246895495829" TEXT="To change the background color of a node, in node context menu use Format &gt; Node Background color."/>
<node CREATED="1124560950717" ID="ID_202219265" MODIFIED="1246861321953" TEXT="To increase node font size, press Control + plus (not the plus on numeric keypad).">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_525349691" MODIFIED="1246861327993" TEXT="To decrease node font size, press Control + minus (not the minus on numeric keypad).">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_641602510" MODIFIED="1124560950717" TEXT="To change the font family, use the field in the main toolbar."/>
<node CREATED="1124560950717" ID="ID_699958778" MODIFIED="1124560950717" TEXT="To copy formats of a node, press Alt + C"/>
<node CREATED="1124560950717" ID="ID_958210526" MODIFIED="1124560950717" TEXT="To paste formats onto a node, press Alt + V."/>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_526328879" MODIFIED="1225909634398" POSITION="right" TEXT="Using physical styles">
<node CREATED="1124560950717" ID="ID_1646863840" MODIFIED="1124560950717" TEXT="To apply a physical style, in node context menu use Physical Style &gt; Style of Your Choice. To speedup applying physical styles, use keyboard shortcuts as shown in the node context menu."/>
<node CREATED="1124560950717" ID="ID_1775130272" MODIFIED="1225909625005" TEXT="To add your own physical style or change an existing one, just open the style editor. The styles are automatically stored for you unless you choose cancel to exit the style editor."/>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_1697687428" MODIFIED="1225954180471" POSITION="right" TEXT="Highlighting nodes with clouds">
<node CREATED="1124560950717" ID="ID_1373954176" MODIFIED="1124560950717" TEXT="Clouds are well suited for highlighting a region. Highlighted are the node and all its descendants."/>
<node CREATED="1124560950717" ID="ID_655230229" MODIFIED="1124560950717" TEXT="To add a cloud, press Ctrl + Shift + B or in node context menu use Insert &gt; Cloud."/>
<node CREATED="1124560950717" ID="ID_328986279" MODIFIED="1124560950717" TEXT="To change the cloud color, in node context menu use Format &gt; Cloud color."/>
<node CREATED="1124560950717" ID="ID_748053790" MODIFIED="1225909655188" TEXT="Clouds can have various background colors like green ...">
<cloud COLOR="#99ff66"/>
<node CREATED="1124560950717" ID="ID_1648653412" MODIFIED="1225909684649" TEXT="... or brown.">
<cloud COLOR="#504213"/>
</node>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_203858515" MODIFIED="1246861665297" POSITION="right" TEXT="Adding hyperlinks">
<node CREATED="1225954212343" ID="ID_1101307863" MODIFIED="1246861653502" TEXT="Usual Hyperlinks point to">
<node CREATED="1225954232570" ID="ID_1162864540" LINK="http://freemind.sourceforge.net/" MODIFIED="1225954246192" TEXT="Web pages"/>
<node CREATED="1225954247489" ID="ID_988448955" LINK="freemind_de.mm" MODIFIED="1225954280306" TEXT="Other maps"/>
<node CREATED="1225954285662" ID="ID_564328177" MODIFIED="1225954291636" TEXT="Local files"/>
</node>
<node CREATED="1124560950717" ID="ID_387350996" MODIFIED="1124560950717" TEXT="To add a hyperlink to a node, press Ctrl + K or in node context menu use Insert &gt; Hyperlink."/>
<node CREATED="1124560950717" ID="ID_1311288323" MODIFIED="1124560950717" TEXT="To remove a hyperlink, set the hyperlink to empty after pressing Ctrl + K."/>
<node CREATED="1124560950717" ID="ID_546847542" MODIFIED="1124560950717">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    To link to a mail address, set the hyperlink as <i>mailto:don.bonton@supermail.com</i>.
  </body>
</html></richcontent>
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_1012455725" MODIFIED="1124560950717">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    To link to a mail address with giving a subject, set the hyperlink as <i>mailto:don.bonton@supermail.com?subject=Last phone call</i>.
  </body>
</html></richcontent>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_1044397139" MODIFIED="1225992125010" POSITION="right" TEXT="Adding Icons">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950717" ID="ID_1737816553" MODIFIED="1124560950717" TEXT=" A node can have several icons. ">
<node CREATED="1225954347826" ID="ID_353868514" MODIFIED="1225954360257" TEXT="It can have the same icon more than once.">
<icon BUILTIN="button_ok"/>
<icon BUILTIN="button_ok"/>
</node>
</node>
<node CREATED="1124560950717" FOLDED="true" ID="ID_1327812951" MODIFIED="1225954446335" TEXT="To add icons to a node, select a node and click one of the icons displayed in the left toolbar. ">
<node CREATED="1225954381617" ID="ID_870996657" MODIFIED="1225954445312" TEXT="If you use the mode in which the nodes are directly selected when touched by the mouse cursor, you should read the following: while moving the mouse cursor to the left toolbar, hold ALT or CONTROL so that you do not loose focus."/>
</node>
<node CREATED="1124560950717" ID="ID_805565747" MODIFIED="1124560950717" TEXT="To remove one icon, press red cross at the top of the icon toolbar. "/>
<node CREATED="1124560950717" ID="ID_863168509" MODIFIED="1124560950717" TEXT="To remove all icons, press trash can icon at the top of the icon toolbar."/>
<node CREATED="1124560950717" ID="ID_1562535407" MODIFIED="1124560950717" TEXT="To add a new icon to a node without using the left toolbar, press Alt + I."/>
<node CREATED="1124560950717" ID="ID_1660699486" MODIFIED="1225954523106" TEXT="Currently, it is not easy to extend the icons present in FreeMind (see FreeMind&apos;s wiki for an explanation). This will probably change in the next release."/>
<node CREATED="1124560950717" ID="ID_1900293865" MODIFIED="1124560950717" TEXT="To hide or show the icon toolbar, in the context menu at the background use Toggle Left Toolbar . The icon toolbar is called left toolbar there."/>
<node CREATED="1124560950717" ID="ID_222712623" MODIFIED="1124560950717" TEXT="The icons as attached to this node are included, and more.">
<icon BUILTIN="help"/>
<icon BUILTIN="messagebox_warning"/>
<icon BUILTIN="idea"/>
<icon BUILTIN="button_ok"/>
<icon BUILTIN="button_cancel"/>
<icon BUILTIN="back"/>
<icon BUILTIN="forward"/>
<icon BUILTIN="attach"/>
<icon BUILTIN="ksmiletris"/>
<icon BUILTIN="clanbomber"/>
<icon BUILTIN="desktop_new"/>
<icon BUILTIN="flag"/>
<icon BUILTIN="gohome"/>
<icon BUILTIN="kaddressbook"/>
<icon BUILTIN="knotify"/>
<icon BUILTIN="korn"/>
<icon BUILTIN="Mail"/>
<icon BUILTIN="password"/>
<icon BUILTIN="pencil"/>
<icon BUILTIN="stop"/>
<icon BUILTIN="wizard"/>
<icon BUILTIN="xmag"/>
<icon BUILTIN="bell"/>
<icon BUILTIN="bookmark"/>
<icon BUILTIN="penguin"/>
<icon BUILTIN="licq"/>
</node>
<node CREATED="1225954538460" ID="ID_835582094" MODIFIED="1225954556160" TEXT="Icon tweaks">
<node CREATED="1225954573251" ID="ID_214533499" MODIFIED="1225992121685" TEXT="If you press SHIFT while adding an icon from the icon toolbar, all other icons are removed from this node before adding the new one."/>
<node CREATED="1225992042602" ID="ID_555345734" MODIFIED="1225992082577" TEXT="If you press CONTROL while clicking on an icon, the first occurence of this icon will be removed."/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="_Freemind_Link_1996597932" MODIFIED="1246861704629" POSITION="right" TEXT="Adding graphical links">
<node CREATED="1124560950717" ID="ID_985897417" MODIFIED="1225992180068" TEXT="To create a graphical link between two nodes, drag a node and drop it to another node holding both shift and control keys; release the mouse button before releasing shift and control keys.">
<arrowlink COLOR="#66ff00" DESTINATION="_Freemind_Link_266716332" ENDARROW="Default" ENDINCLINATION="255;0;" ID="Freemind_Arrow_Link_1428344028" STARTARROW="None" STARTINCLINATION="255;0;"/>
</node>
<node CREATED="1216753755454" ID="ID_1564001222" MODIFIED="1216753819530" TEXT="Alternatively, you can select two nodes using Ctrl and to choose &quot;Add graphical link&quot; from the &quot;Insert&quot; menu or its shortcut Ctrl+L"/>
<node CREATED="1225992224380" ID="ID_342489914" MODIFIED="1225992241038" TEXT="Context Menu">
<node CREATED="1124560950717" ID="_Freemind_Link_208378337" MODIFIED="1124560950717" TEXT="To change the color of the link, use link context menu, by right-clicking the graphical link."/>
<node CREATED="1124560950717" ID="_Freemind_Link_1484370636" MODIFIED="1124560950717" TEXT="To change the arrows of the link, use link context menu."/>
<node CREATED="1124560950717" ID="ID_1970882825" MODIFIED="1246861703183" TEXT="To delete a link, use link context menu."/>
<node CREATED="1124560950717" ID="_Freemind_Link_266716332" MODIFIED="1225992201863" TEXT="To navigate to one of the end nodes of the link, use link context menu.">
<linktarget COLOR="#66ff00" DESTINATION="_Freemind_Link_266716332" ENDARROW="Default" ENDINCLINATION="255;0;" ID="Freemind_Arrow_Link_1428344028" SOURCE="ID_985897417" STARTARROW="None" STARTINCLINATION="255;0;"/>
<linktarget COLOR="#b0b0b0" DESTINATION="_Freemind_Link_266716332" ENDARROW="Default" ENDINCLINATION="256;22;" ID="Freemind_Arrow_Link_1273596772" SOURCE="_Freemind_Link_1015289745" STARTARROW="None" STARTINCLINATION="244;32;"/>
</node>
</node>
<node CREATED="1124560950717" ID="_Freemind_Link_1015289745" MODIFIED="1124560950717" TEXT="To change the routing of an arrow link, drag it and move it.">
<arrowlink DESTINATION="_Freemind_Link_266716332" ENDARROW="Default" ENDINCLINATION="256;22;" ID="Freemind_Arrow_Link_1273596772" STARTARROW="None" STARTINCLINATION="244;32;"/>
</node>
<node CREATED="1124560950717" ID="ID_1872914317" MODIFIED="1124560950717" TEXT="An example of graphical link follows."/>
<node COLOR="#996600" CREATED="1124560950717" ID="ID_46167995" MODIFIED="1124560950717" TEXT="Example">
<node COLOR="#996600" CREATED="1124560950717" ID="_Freemind_Link_1170112929" MODIFIED="1124560950717" TEXT="Link to another part">
<arrowlink COLOR="#9999ff" DESTINATION="_Freemind_Link_1492563156" ENDARROW="Default" ENDINCLINATION="122;0;" ID="Freemind_Arrow_Link_33407992" STARTARROW="Default" STARTINCLINATION="30;0;"/>
<linktarget COLOR="#b0b0b0" DESTINATION="_Freemind_Link_1170112929" ENDARROW="Default" ENDINCLINATION="61;0;" ID="Freemind_Arrow_Link_1872050149" SOURCE="_Freemind_Link_1370577235" STARTARROW="None" STARTINCLINATION="61;0;"/>
</node>
<node COLOR="#996600" CREATED="1124560950717" FOLDED="true" ID="ID_1727670208" MODIFIED="1225992214274" TEXT="Node with folded subnode">
<node CREATED="1124560950717" ID="_Freemind_Link_1492563156" MODIFIED="1124560950717" TEXT="Subnode">
<linktarget COLOR="#9999ff" DESTINATION="_Freemind_Link_1492563156" ENDARROW="Default" ENDINCLINATION="122;0;" ID="Freemind_Arrow_Link_33407992" SOURCE="_Freemind_Link_1170112929" STARTARROW="Default" STARTINCLINATION="30;0;"/>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950717" ID="_Freemind_Link_1370577235" MODIFIED="1124560950717" TEXT="Another link">
<arrowlink DESTINATION="_Freemind_Link_1170112929" ENDARROW="Default" ENDINCLINATION="61;0;" ID="Freemind_Arrow_Link_1872050149" STARTARROW="None" STARTINCLINATION="61;0;"/>
</node>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_423038022" MODIFIED="1246861923877" POSITION="right" TEXT="Searching">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950717" ID="ID_966700848" MODIFIED="1216753988326" TEXT="To find text in a node and all its descendant nodes, press Ctrl + F or in the &quot;edit&quot; menu use Find.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_1646223708" MODIFIED="1246861759637" TEXT="To find the next match of your search, press Ctrl + G or in the &quot;edit&quot; menu Find Next.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_488311689" MODIFIED="1246861822586" TEXT="To search the whole map, select the central node by pressing Escape before searching."/>
<node CREATED="1124560950717" ID="ID_829330412" MODIFIED="1246861867297" TEXT="The search is a breadth-first search. This is because the deeper a node, the greater the detail described in the node."/>
<node CREATED="1124560950717" ID="ID_779591913" MODIFIED="1246861910801" TEXT="Search will only search the selected node and its descendants. To search the entire mind map, either select the central node directly, or press &lt;ESC&gt; before searching to automatically search from the central node. "/>
<node CREATED="1226637605339" ID="ID_1101500438" MODIFIED="1226638002746" TEXT="If you enter multiple words into the find dialog, then each word must occur (but not necessarily in that order)"/>
<node CREATED="1226637638394" ID="ID_411031708" MODIFIED="1226638251632" TEXT="If you want to search for a given sentence then put it into quotation marks.">
<node CREATED="1226637681207" ID="ID_2993422" MODIFIED="1226637683498" TEXT="Example">
<node CREATED="1226637700062" ID="ID_1547412773" MODIFIED="1226637700062" TEXT="one">
<node CREATED="1226637700063" MODIFIED="1226637700063" TEXT="one one"/>
<node CREATED="1226637700063" ID="ID_7046300" MODIFIED="1226638280369" TEXT="one two">
<arrowlink DESTINATION="ID_1194260195" ENDARROW="None" ENDINCLINATION="233;0;" ID="Arrow_ID_229096619" STARTARROW="Default" STARTINCLINATION="233;0;"/>
</node>
</node>
<node CREATED="1226637700064" ID="ID_1598660477" MODIFIED="1226637700064" TEXT="two">
<node CREATED="1226637700064" ID="ID_210133237" MODIFIED="1226638276527" TEXT="two one">
<arrowlink DESTINATION="ID_1194260195" ENDARROW="None" ENDINCLINATION="226;0;" ID="Arrow_ID_836438693" STARTARROW="Default" STARTINCLINATION="226;0;"/>
</node>
<node CREATED="1226637700065" MODIFIED="1226637700065" TEXT="two two"/>
</node>
</node>
<node CREATED="1226638251611" ID="ID_1059444785" MODIFIED="1226638262979" TEXT="Searching for ...">
<node CREATED="1226637703016" ID="ID_677636492" MODIFIED="1226638246061" TEXT="one one (without quotations), you&apos;ll get four hits."/>
<node CREATED="1226637912635" ID="ID_1194260195" MODIFIED="1226638280370" TEXT="one two (without quotations), you&apos;ll get two hits.">
<linktarget COLOR="#b0b0b0" DESTINATION="ID_1194260195" ENDARROW="None" ENDINCLINATION="233;0;" ID="Arrow_ID_229096619" SOURCE="ID_7046300" STARTARROW="Default" STARTINCLINATION="233;0;"/>
<linktarget COLOR="#b0b0b0" DESTINATION="ID_1194260195" ENDARROW="None" ENDINCLINATION="226;0;" ID="Arrow_ID_836438693" SOURCE="ID_210133237" STARTARROW="Default" STARTINCLINATION="226;0;"/>
</node>
<node CREATED="1226637732850" ID="ID_1924951486" MODIFIED="1226638246062" TEXT="&quot;one one&quot;, you&apos;ll get only one hit."/>
</node>
</node>
<node CREATED="1225992288920" ID="ID_1494764055" MODIFIED="1225992763939" TEXT="New interactive search">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      A&#xa0;new&#xa0;search&#xa0;and&#xa0;replace&#xa0;dialog&#xa0;enables&#xa0;to&#xa0;quickly&#xa0;search&#xa0;for&#xa0;text&#xa0;&#xa0; fragments&#xa0;and&#xa0;to&#xa0;replace&#xa0;them.
    </p>
    <p>
      Its&#xa0;functionality&#xa0;includes
    </p>
    <ul>
      <li>
        Find&#xa0;as&#xa0;you&#xa0;type:&#xa0;when&#xa0;you&#xa0;start&#xa0;to&#xa0;specify&#xa0;your&#xa0;search&#xa0;text,&#xa0;it&#xa0;&#xa0; starts&#xa0;to&#xa0;reduce&#xa0;the&#xa0;amount&#xa0;of&#xa0;displayed&#xa0;nodes.&#xa0;It&#xa0;searches&#xa0;for&#xa0;the&#xa0;&#xa0; text&#xa0;inside&#xa0;the&#xa0;nodes&#xa0;text&#xa0;only&#xa0;(attached&#xa0;notes&#xa0;are&#xa0;currently&#xa0;not&#xa0;&#xa0; searched).
      </li>
      <li>
        Sortable&#xa0;node&#xa0;list:&#xa0;the&#xa0;main&#xa0;table&#xa0;is&#xa0;sortable&#xa0;by&#xa0;each&#xa0;criterion.&#xa0;Even&#xa0; &#xa0;by&#xa0;Icon.&#xa0;Thus,&#xa0;it&#xa0;is&#xa0;easy&#xa0;to&#xa0;find&#xa0;all&#xa0;nodes&#xa0;with&#xa0;attached&#xa0;note&#xa0;for&#xa0;&#xa0; example.&#xa0;Or&#xa0;to&#xa0;sort&#xa0;them&#xa0;by&#xa0;creation&#xa0;date&#xa0;to&#xa0;get&#xa0;the&#xa0;latest&#xa0;changes&#xa0;to&#xa0; &#xa0;the&#xa0;map!
      </li>
      <li>
        Cursor&#xa0;support:&#xa0;moving&#xa0;down&#xa0;moves&#xa0;from&#xa0;the&#xa0;search&#xa0;field&#xa0;to&#xa0;the&#xa0;replace&#xa0; &#xa0;field&#xa0;and&#xa0;then&#xa0;into&#xa0;the&#xa0;list.
      </li>
      <li>
        Node&#xa0;Path&#xa0;display:&#xa0;if&#xa0;you&#xa0;select&#xa0;a&#xa0;line,&#xa0;its&#xa0;path&#xa0;from&#xa0;the&#xa0;root&#xa0;of&#xa0;the&#xa0; &#xa0;map&#xa0;is&#xa0;displayed&#xa0;below.
      </li>
      <li>
        Direct&#xa0;access:&#xa0;if&#xa0;you&#xa0;press&#xa0;enter&#xa0;inside&#xa0;the&#xa0;table,&#xa0;the&#xa0;mind&#xa0;map&#xa0;&#xa0; displays&#xa0;the&#xa0;selected&#xa0;node&#xa0;(menu&#xa0;item&#xa0;"select"&#xa0;and&#xa0;"select&#xa0;and&#xa0;close").
      </li>
      <li>
        Replace:&#xa0;it&#xa0;is&#xa0;possible&#xa0;to&#xa0;replace&#xa0;all&#xa0;occurences&#xa0;or&#xa0;only&#xa0;the&#xa0;nodes&#xa0;&#xa0; belonging&#xa0;to&#xa0;the&#xa0;selected&#xa0;lines.
      </li>
      <li>
        Export:&#xa0;new&#xa0;striking&#xa0;possibility.&#xa0;Select&#xa0;some&#xa0;nodes&#xa0;and&#xa0;export&#xa0;them&#xa0;to&#xa0; &#xa0;a&#xa0;new&#xa0;mindmap.&#xa0;This&#xa0;makes&#xa0;it&#xa0;easy&#xa0;to&#xa0;generate&#xa0;a&#xa0;todo&#xa0;list&#xa0;from&#xa0;a&#xa0;&#xa0; hierachical&#xa0;mind&#xa0;map.&#xa0;For&#xa0;example,&#xa0;if&#xa0;you&#xa0;mark&#xa0;every&#xa0;todo&#xa0;item&#xa0;with&#xa0;&#xa0; the&#xa0;bell&#xa0;sign,&#xa0;then&#xa0;simply&#xa0;sort&#xa0;this&#xa0;list&#xa0;by&#xa0;icon&#xa0;and&#xa0;mark&#xa0;those&#xa0;&#xa0; containing&#xa0;the&#xa0;bell.&#xa0;Then&#xa0;press&#xa0;"export"&#xa0;and&#xa0;you&#xa0;get&#xa0;all&#xa0;these&#xa0;nodes&#xa0;&#xa0; as&#xa0;single&#xa0;nodes&#xa0;in&#xa0;a&#xa0;new&#xa0;map.
      </li>
    </ul>
  </body>
</html></richcontent>
<node CREATED="1225992295568" ID="ID_1824791396" MODIFIED="1225992320146" TEXT="Using CONTROL+SHIFT+F you&apos;ll see the new search and replace dialog"/>
<node CREATED="1225992321346" ID="ID_1972806259" MODIFIED="1225992332265" TEXT="It searches the whole mindmap."/>
<node CREATED="1225992332834" ID="ID_680695596" MODIFIED="1225992346044" TEXT="It supports regular expressions."/>
<node CREATED="1225992346645" ID="ID_1884013644" MODIFIED="1225992355419" TEXT="It finds when you type."/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_653540280" MODIFIED="1225992800611" POSITION="right" TEXT="Selecting multiple nodes">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950717" ID="ID_1435652978" MODIFIED="1124560950717" TEXT="To select multiple nodes, hold control or shift while clicking. ">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_741729737" MODIFIED="1124560950717" TEXT="To add single nodes to already selected nodes, hold control when clicking.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_133089768" MODIFIED="1124560950717" TEXT="To select a continuous range of nodes, hold shift when clicking, or hold shift while moving around with arrow keys.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_350782537" MODIFIED="1216754181690" TEXT="To select a complete subtree, hold AltGr while clicking, or hold shift while moving with arrow keys from a node to its parent. Finally Ctrl+Shift+A does the same via the keyboard."/>
<node CREATED="1124560950717" ID="ID_451303534" MODIFIED="1124560950717" TEXT="To cancel the selection of multiple nodes, click on the map background or onto an unselected node."/>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_1024903226" MODIFIED="1225992887213" POSITION="right" TEXT="Dragging and dropping">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="You can move nodes around using drag and drop.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_376047980" MODIFIED="1225992814930" TEXT="To drop a node as a child, position the cursor at the outer part of the node while dropping.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_290559343" MODIFIED="1124560950717" TEXT="To drop a node as a sibling, position the cursor at the top part of the target node while dropping.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="_Freemind_Link_1994214827" MODIFIED="1124560950717" TEXT="To copy nodes rather than move, hold control while dragging, or drag with middle mouse button.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_763117979" MODIFIED="1124560950717" TEXT="To edit an existing map, drag its file and drop it on the background of FreeMind; this works at least in Microsoft Windows operating system."/>
<node CREATED="1124560950717" ID="ID_622677878" MODIFIED="1124560950717" TEXT="If you have selected multiple nodes, all are being moved or copied.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_1914214041" MODIFIED="1225992885910" TEXT="You can drop data from external applications, like files on Microsoft Windows operating system, or pieces of text selected in a browser."/>
</node>
<node COLOR="#407000" CREATED="1124560950717" FOLDED="true" ID="Freemind_Link_958781924" MODIFIED="1246895685991" POSITION="right" TEXT="Copying and pasting">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950717" ID="ID_628861939" MODIFIED="1124560950717" TEXT="You can copy and paste (multiple) nodes between mindmaps as expected. In addition, you can paste normal text or HTML from other applications.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" ID="ID_195879226" MODIFIED="1124560950717" TEXT="If you paste plain text, multiple lines are pasted as multiple nodes, with their depth determined by the number of leading spaces in the text. An example follows."/>
<node COLOR="#996600" CREATED="1124560950717" ID="ID_215751870" MODIFIED="1124560950717" TEXT="Tree     Oak     Beech     ">
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="is pasted as">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#996600" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Tree">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#996600" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Oak">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#996600" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Beech">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
</node>
<node CREATED="1124560950717" ID="ID_1499933680" MODIFIED="1124560950717" TEXT="If you paste HTML, it is pasted as plain text. Additionally, the links contained in HTML are pasted as children of an additional node with text &quot;Links&quot;. Example follows."/>
<node CREATED="1124560950717" ID="ID_1459985992" MODIFIED="1124560950717" TEXT="Example result after pasting:">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Shopping (120236)">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Urban Living (19)">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Links">
<font BOLD="true" NAME="Dialog" SIZE="12"/>
<node CREATED="1124560950717" LINK="http://directory.google.com/Top/Shopping/" MODIFIED="1124560950717" TEXT="Shopping">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950717" LINK="http://directory.google.com/Top/Home/Urban_Living/" MODIFIED="1124560950717" TEXT="Urban Living">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
<node CREATED="1124560950717" ID="ID_26485652" MODIFIED="1124560950717" TEXT="If you paste file list selected in Explorer in Microsoft Windows, it is pasted as a set of links to the files."/>
<node CREATED="1124560950717" ID="ID_318831754" MODIFIED="1124560950717" TEXT="If in FreeMind you copy a branch and paste it into a plain text editor, the tree structure is shown by indentation. Hyperlinks are pasted in &lt;&gt; brackets. An example follows."/>
<node COLOR="#996600" CREATED="1124560950717" ID="ID_470183122" MODIFIED="1124560950717" TEXT="Tree">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#996600" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Oak">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#996600" CREATED="1124560950717" MODIFIED="1124560950717" TEXT="Beech">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950717" MODIFIED="1124560950717" TEXT="is pasted as">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#996600" CREATED="1124560950732" MODIFIED="1124560950732" TEXT="Tree     Oak     Beech     Google &lt;http://www.google.com/&gt;">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
<node COLOR="#996600" CREATED="1124560950732" LINK="http://www.google.com/" MODIFIED="1124560950732" TEXT="Google">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node CREATED="1124560950732" ID="ID_1357528985" MODIFIED="1124560950732" TEXT="If in FreeMind you copy a branch and paste it into an editor that understands rich text format, the formatting including color and font is pasted too. Hyperlinks are pasted in &lt;&gt; brackets, just like with plain text. Editors that understand rich text format include Microsoft Word, Wordpad or Microsoft Outlook, or some tabbed notebooks in Linux."/>
<node CREATED="1124560950732" ID="ID_1802202112" MODIFIED="1225992983600" TEXT="To copy a node without its descendants, press Ctrl + Shift + C or in node context menu use Copy Single."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="_Freemind_Link_1540212684" MODIFIED="1225993012749" POSITION="right" TEXT="Moving around">
<node CREATED="1124560950732" ID="ID_754337892" MODIFIED="1124560950732" TEXT="To move the cursor up, down, left or right, use arrow keys."/>
<node CREATED="1124560950732" ID="ID_412284119" MODIFIED="1124560950732" TEXT="To move to the top of the current subtree, press PageUp."/>
<node CREATED="1124560950732" ID="ID_943865388" MODIFIED="1124560950732" TEXT="To move to the bottom of the current subtree, press PageDown."/>
<node CREATED="1124560950732" ID="ID_1271052771" MODIFIED="1124560950732" TEXT="To move to the central node, press Escape."/>
<node CREATED="1124560950732" ID="_Freemind_Link_97763226" MODIFIED="1124560950732" TEXT="To position node freely, drag it by its invisible handle placed at the side of the node in the direction to the root, and move it."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_4727471" MODIFIED="1263972564089" POSITION="right" TEXT="Folding and unfolding">
<node CREATED="1124560950732" ID="ID_1611086900" MODIFIED="1124560950732" TEXT="To fold a node, press space, or in node context menu use Toggle Folded."/>
<node CREATED="1124560950732" ID="ID_1597782796" MODIFIED="1124560950732" TEXT="To unfold a node, press space, or in node context menu use Toggle Folded, or press arrow key in the direction of unfolding."/>
<node CREATED="1124560950732" ID="ID_1910743768" MODIFIED="1124560950732" TEXT="To fold or unfold nodes in levels, hold Alt while using mousewheel, or press Alt + PageUp or Alt + PageDown. With large maps, use this function carefully; it may lead to memory problems."/>
<node CREATED="1124560950732" ID="ID_1144785698" MODIFIED="1124560950732" TEXT="To unfold all, press the gray plus botton at the main toolbar, or in pull-down menu use Navigate &gt; Unfold All."/>
<node CREATED="1124560950732" ID="ID_1580042904" MODIFIED="1124560950732" TEXT="To fold all, press the gray minus button at the main toolbar, or in pull-down menu use Navigate &gt; Fold All."/>
<node CREATED="1124560950732" ID="ID_308297807" MODIFIED="1225993050870" TEXT="Folded node is marked with a small circle attached in the outer direction."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_516331171" MODIFIED="1225993058403" POSITION="right" TEXT="Changing to a different mind map">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To change to another already opened mind map, right click on the background and select a different map from the context menu.">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_467411537" MODIFIED="1225993064218" POSITION="right" TEXT="Scrolling the map">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To scroll the map, drag the background and move it around, or use the mouse wheel. To scroll horizontally with mouse wheel, hold shift or one of the mouse buttons.">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_913137192" MODIFIED="1225993070480" POSITION="right" TEXT="Zooming">
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To zoom, use mouse wheel while holding control key, or press Alt + up or down key. Alernatively, use zooming field in the main toolbar."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_1318678369" MODIFIED="1225993076623" POSITION="right" TEXT="Using undo">
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To undo, press Control + Z, or in pull-down menu use Edit &gt; Undo."/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To redo, press Control + Y, or in pull-down menu use Edit &gt; Redo."/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To set the number of steps kept for undoing, use in pull-down menu Tools &gt; Preferences."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_22510332" MODIFIED="1225993105623" POSITION="right" TEXT="Exporting to HTML">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To export a branch to HTML, press Control + H. Exported HTML page may contain folding support, depending on the settings in preferences."/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To use another exporting function, in pull-down menu use Export &gt; As XHTML (Javascript version)."/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To export a map with an overview picture to HTML, in pull-down menu use Export &gt; As XHTML (Clickable image map version)."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_1908686168" MODIFIED="1225993134213" POSITION="right" TEXT="Exporting as bitmap or vector picture">
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To export the map as PNG picture, in pull-down menu use File &gt; Export &gt; As PNG."/>
<node CREATED="1124560950732" ID="ID_163126130" MODIFIED="1124560950732" TEXT="To export the map as JPEG picture, in pull-down menu use File &gt; Export &gt; As JPEG."/>
<node CREATED="1124560950732" ID="ID_1202313102" MODIFIED="1124560950732" TEXT="To export the map as SVG, in pull-down menu use File &gt; Export &gt; As SVG. This function is only available if you have installed SVG plug-in."/>
<node CREATED="1124560950732" ID="ID_409116907" MODIFIED="1225993131992" TEXT="To export the map as PDF, in pull-down menu use File &gt; Export &gt; As PDF. This function is only available if you have installed SVG plug-in."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_329770204" MODIFIED="1246895035591" POSITION="right" TEXT="Exporting to other XML formats">
<node CREATED="1124560950732" ID="ID_584012187" MODIFIED="1246895034487" TEXT="To export the map to another XML format for which you have an XSLT transformation sheet, in pull-down menu use File &gt; Export &gt; Using XSLT."/>
<node CREATED="1124560950732" ID="ID_1996107309" MODIFIED="1225993159635" TEXT="To export the map to an OpenOffice Writer document, in pull-down menu use File &gt; Export &gt; As OpenOffice Writer Document."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_1841136119" MODIFIED="1225993172546" POSITION="right" TEXT="Importing folder structure">
<font NAME="Dialog" SIZE="12"/>
<node CREATED="1124560950732" ID="ID_141591900" MODIFIED="1216754551594" TEXT="To import folder structure, in node context menu use File &gt; Import &gt; Folder Structure. You will be asked for the folder whose structure you want to import. By structure we mean the tree of all (not necessarily direct) subfolders with the links to the files in these subfolders. An example of inserted structure follows."/>
<node COLOR="#996600" CREATED="1124560950732" ID="ID_1098614357" MODIFIED="1124560950732" TEXT="Example">
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#996600" CREATED="1124560950732" MODIFIED="1124560950732" TEXT="Selected folder">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" LINK="C:\Program%20Files\Microsoft%20Office\Office\Bitmaps" MODIFIED="1124560950732" TEXT="C:\Program Files\Microsoft Office\Office\Bitmaps">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/" MODIFIED="1124560950732" TEXT="Dbwiz">
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/ASSETS.GIF" MODIFIED="1124560950732" TEXT="ASSETS.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/CONTACTS.GIF" MODIFIED="1124560950732" TEXT="CONTACTS.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/EVTMGMT.GIF" MODIFIED="1124560950732" TEXT="EVTMGMT.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/EXPENSES.GIF" MODIFIED="1124560950732" TEXT="EXPENSES.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/INVENTRY.GIF" MODIFIED="1124560950732" TEXT="INVENTRY.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/LEDGER.GIF" MODIFIED="1124560950732" TEXT="LEDGER.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/ORDPROC.GIF" MODIFIED="1124560950732" TEXT="ORDPROC.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/RESOURCE.GIF" MODIFIED="1124560950732" TEXT="RESOURCE.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/SERVICE.GIF" MODIFIED="1124560950732" TEXT="SERVICE.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Dbwiz/TIMEBILL.GIF" MODIFIED="1124560950732" TEXT="TIMEBILL.GIF"/>
</node>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/" MODIFIED="1124560950732" TEXT="Styles">
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/ACBLENDS.GIF" MODIFIED="1124560950732" TEXT="ACBLENDS.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/ACBLUPRT.GIF" MODIFIED="1124560950732" TEXT="ACBLUPRT.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/ACEXPDTN.GIF" MODIFIED="1124560950732" TEXT="ACEXPDTN.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/ACINDSTR.GIF" MODIFIED="1124560950732" TEXT="ACINDSTR.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/ACRICEPR.GIF" MODIFIED="1124560950732" TEXT="ACRICEPR.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/ACSNDSTN.GIF" MODIFIED="1124560950732" TEXT="ACSNDSTN.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/ACSUMIPT.GIF" MODIFIED="1124560950732" TEXT="ACSUMIPT.GIF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/GLOBE.WMF" MODIFIED="1124560950732" TEXT="GLOBE.WMF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/STONE.BMP" MODIFIED="1124560950732" TEXT="STONE.BMP"/>
</node>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_269203785" MODIFIED="1226522318586" POSITION="right" TEXT="Importing Internet Explorer favorites">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" ID="Freemind_Link_260446736" MODIFIED="1150322748620">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    To import Internet Explorer favorites into FreeMind, in pull-down menu use File &gt; Import &gt; Explorer Favorites. You'll be asked to enter the path to the folder where the favorites are stored. The folder's name is "Favorites" and you can find on it your disk. On Windows 2000, the path is C:\Documents and Settings\&lt;user&gt;\Favorites.
  </body>
</html></richcontent>
</node>
<node COLOR="#999999" CREATED="1124560950732" ID="ID_41235661" MODIFIED="1124560950732" TEXT="Key words: Microsoft Internet Explorer, MSIE, MS IE.">
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_1709974530" MODIFIED="1226522334074" POSITION="right" TEXT="Importing MindManager X5 mind map">
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To import MindManager X5 mind map, in pull-down menu use File &gt; Import &gt; MindManager X5 map."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_913645795" MODIFIED="1226522354447" POSITION="right" TEXT="Integration with Word or Outlook">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" ID="ID_64023792" MODIFIED="1124560950732" TEXT="You can paste maps or branches into Microsoft Word, Wordpad or Outlook messages. In general, you can paste it into any application that understands rich text format. The text formatting and links are pasted too.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950732" ID="ID_606888787" LINK="mailto:don.bonton@supermail.com" MODIFIED="1124560950732" TEXT="Clicking a mail link (mailto:don.bonton@supermail.com) will open Outlook for creating a new message, if not set otherwise in Windows.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950732" ID="ID_195184912" LINK="mailto:don.bonton@supermail.com?subject=Last%20phone%20call" MODIFIED="1124560950732" TEXT="You can use subject in mail link"/>
<node CREATED="1124560950732" ID="ID_1025260611" MODIFIED="1124560950732" TEXT="An alternative way of pasting mind map into Microsoft Word is by exporting it to HTML based on headings, copying the HTML and pasting it into Word."/>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_1822195277" MODIFIED="1226522375677" POSITION="right" TEXT="Setting preferences">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To edit preferences, in pull-down menu use Tools &gt; Preferences. Most of the changes take effect only after you restart FreeMind."/>
<node CREATED="1124560950732" ID="ID_403382871" MODIFIED="1124560950732" TEXT="Preferences include keyboard mappings, behavior when exporting HTML, the way node selection with mouse occurs, choice of antialiasing, and more."/>
<node COLOR="#999999" CREATED="1124560950732" ID="ID_1142643149" MODIFIED="1124560950732" TEXT="Key words: customizing.">
<font NAME="Dialog" SIZE="10"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_1528828442" MODIFIED="1226522527988" POSITION="right" TEXT="Printing">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" ID="ID_251988552" MODIFIED="1124560950732" TEXT="You can print either by fitting the whole map into one page, or by printing the map to several sheets of paper. This choice you can set in menu: File &gt; Page Setup &gt; ... ."/>
<node CREATED="1124560950732" ID="ID_1007091684" MODIFIED="1124560950732" TEXT="To make better use of space, choose landscape in Page Setup.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950732" ID="ID_2221451" MODIFIED="1226522451497" TEXT="Previewing your map before printing using File &gt; Print Preview."/>
<node CREATED="1226522472728" ID="ID_1163262790" MODIFIED="1226522524578" TEXT="If you aren&apos;t satisfied with the printing build in into FreeMind (which is in fact improvable), you may want to use Export &gt; As PDF and print the PDF document."/>
<node CREATED="1124560950732" ID="ID_518241544" MODIFIED="1124560950732" TEXT="You can also print from your browser after exporting map to HTML, or from Word or Wordpad after copying and pasting the map into it. You can also export the map into HTML with headings, copy and paste it into Microsoft Word and print it from there. That way you can change styles as you want.">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_841140408" MODIFIED="1226523475924" POSITION="right" TEXT="Using rich text by means of HTML in nodes">
<node CREATED="1124560950732" ID="ID_1604967346" MODIFIED="1226522642254" TEXT="Nodes can be entered as rich text nodes using the new Rich Text Editor &quot;SimplyHTML&quot;. If you start to edit a long node, you&apos;ll get asked whether or not you want to use formattings in your node. &quot;Yes&quot; opens the rich text editor. Moreover, it is automatically opened, if the node is already a rich text node."/>
<node CREATED="1124560950732" ID="ID_1110927645" MODIFIED="1124560950732">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <h3>
      HTML Example
    </h3>
    <p class="msonormal">
      There are several items:
    </p>
    <ul type="disc">
      <li class="msonormal">
        Item one
      </li>
      <li class="msonormal">
        Item two
      </li>
    </ul>
    <p class="msonormal">
      And we have <b>boldface</b> or <i>italics</i>. <u>Underlined</u> a <strike>strike-through</strike> as well. We can have table:
    </p>
    <table border="1" class="msonormaltable" cellspacing="0" style="border: none" cellpadding="0">
      <tr>
        <td style="padding-top: .75pt; border: solid windowtext 1.0pt; padding-left: .75pt; padding-bottom: .75pt; padding-right: .75pt">
          <p class="msonormal">
            Cell1
          </p>
        </td>
        <td style="padding-top: .75pt; border: solid windowtext 1.0pt; border-left: none; padding-left: .75pt; padding-bottom: .75pt; padding-right: .75pt">
          <p class="msonormal">
            Cell2
          </p>
        </td>
      </tr>
      <tr>
        <td style="padding-top: .75pt; border: solid windowtext 1.0pt; padding-left: .75pt; padding-bottom: .75pt; padding-right: .75pt; border-top: none">
          <p class="msonormal">
            Cell3
          </p>
        </td>
        <td style="padding-top: .75pt; border-left: none; padding-left: .75pt; padding-bottom: .75pt; border-bottom: solid windowtext 1.0pt; padding-right: .75pt; border-right: solid windowtext 1.0pt; border-top: none">
          <p class="msonormal">
            Cell4.
          </p>
        </td>
      </tr>
    </table>
    <p class="msonormal">
      &#xa0;We can have various <font color="#999900">foreground</font> <font color="#336600">colors</font>.
    </p>
  </body>
</html></richcontent>
</node>
<node CREATED="1124560950732" ID="ID_538807612" MODIFIED="1226522678653" TEXT="There is on very limited support for HTML nodes and pictures in exporting to text or RTF (Word, Wordpad). At least, using HTML is convenient for publication on the Web using Freemind&apos;s Applet.">
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_271176250" MODIFIED="1246895008657" POSITION="right" TEXT="Using pictures in nodes">
<font NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" ID="ID_379945000" MODIFIED="1246862074330" TEXT="Pictures in FreeMind are a preliminary feature. "/>
<node CREATED="1246862074332" ID="ID_1187828296" MODIFIED="1246862103714" TEXT="To insert a picture into FreeMind, press Alt + K, or in node context menu use Insert &gt; Image. By inserting a picture, you overwrite the text you had in the node before. "/>
<node CREATED="1246862103719" ID="ID_1616281596" MODIFIED="1246862113482" TEXT="Limitations: ">
<node CREATED="1246862113482" ID="ID_1394847108" MODIFIED="1246862113483" TEXT="Images inserted in this way are not correctly pasted outside FreeMind and they need not to be correctly exported to HTML."/>
<node CREATED="1124560950732" ID="ID_1852594271" MODIFIED="1124560950732" TEXT="Supported picture formats are PNG, JPEG and GIF."/>
</node>
<node CREATED="1124560950732" ID="ID_1470160159" MODIFIED="1124560950732" TEXT="To turn links to images into visible images, press Alt + K. You can drag and drop several image files into FreeMind, select them as multiple nodes, and turn them into images by pressing Alt + K."/>
<node COLOR="#000000" CREATED="1124560950732" ID="ID_974514047" MODIFIED="1124560950732" TEXT="A more technical and not so user friendly way to insert an image follows. It is possible to include HTML in nodes. You have to start the node content with the tag &lt;html&gt;. This way, you can have pictures in the nodes.">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950732" ID="ID_1720461225" MODIFIED="1124560950732" TEXT="For example  &lt;html&gt;&lt;img src=&quot;linked/Apple.png&quot;&gt;  &lt;html&gt;&lt;img src=&quot;file://C:/Users/My Documents/Mind Maps/Linked/Apple.png&quot;&gt;">
<font NAME="SansSerif" SIZE="12"/>
</node>
<node CREATED="1124560950732" ID="ID_542611066" MODIFIED="1124560950732" TEXT="You can use relative links in the images.">
<edge WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#996600" CREATED="1124560950732" FOLDED="true" ID="Freemind_Link_1825247742" MODIFIED="1246862044437" TEXT="Example of pictures, working on some Windows distributions">
<font BOLD="true" NAME="SansSerif" SIZE="12"/>
<node CREATED="1124560950732" ID="ID_34949965" MODIFIED="1124560950732">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="file:/C:/Program Files/Microsoft Office/Office/Bitmaps/Styles/ACBLENDS.GIF"/>
  </body>
</html></richcontent>
</node>
<node CREATED="1124560950732" ID="ID_1540419106" MODIFIED="1124560950732">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="file:/C:/Program Files/Microsoft Office/Office/Bitmaps/Styles/ACBLUPRT.GIF"/>
  </body>
</html></richcontent>
</node>
<node CREATED="1124560950732" ID="ID_1790939630" MODIFIED="1124560950732">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="file:/C:/Program Files/Microsoft Office/Office/Bitmaps/Styles/ACEXPDTN.GIF"/>
  </body>
</html></richcontent>
<node CREATED="1124560950732" ID="ID_1044042471" MODIFIED="1124560950732">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="file:/C:/Program Files/Microsoft Office/Office/Bitmaps/Styles/ACINDSTR.GIF"/>
  </body>
</html></richcontent>
</node>
</node>
<node CREATED="1124560950732" ID="ID_1708754086" MODIFIED="1124560950732">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="file:/C:/Program Files/Microsoft Office/Office/Bitmaps/Styles/ACRICEPR.GIF"/>
  </body>
</html></richcontent>
<node CREATED="1124560950732" ID="ID_1195451489" MODIFIED="1124560950732">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="file:/C:/Program Files/Microsoft Office/Office/Bitmaps/Styles/ACSNDSTN.GIF"/>
  </body>
</html></richcontent>
<node CREATED="1124560950732" ID="ID_143800358" MODIFIED="1124560950732">
<richcontent TYPE="NODE"><html>
  <head>
    
  </head>
  <body>
    <img src="file:/C:/Program Files/Microsoft Office/Office/Bitmaps/Styles/ACSUMIPT.GIF"/>
  </body>
</html></richcontent>
</node>
</node>
</node>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/GLOBE.WMF" MODIFIED="1124560950732" TEXT="GLOBE.WMF"/>
<node CREATED="1124560950732" LINK="file:/C:/Program%20Files/Microsoft%20Office/Office/Bitmaps/Styles/STONE.BMP" MODIFIED="1124560950732" TEXT="STONE.BMP"/>
</node>
</node>
<node COLOR="#407000" CREATED="1124560950732" FOLDED="true" ID="ID_733394968" MODIFIED="1246861980988" POSITION="right" TEXT="Using experimental file locking">
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="Current version of FreeMind has experimental file locking, disabled by default. Current implementation does not perfectly prevent race conditions, but it should be fine for most of practical purposes."/>
<node CREATED="1124560950732" ID="ID_1632174512" MODIFIED="1246861979254" TEXT="File locking makes sure that multiple users do not edit the same map at the same time, preventing them from accidentally overwriting the information from each other."/>
<node CREATED="1124560950732" MODIFIED="1124560950732" TEXT="To enable experimental file locking, in pull-down menu use Tools &gt; Preferences."/>
</node>
<node COLOR="#407000" CREATED="1229414588553" FOLDED="true" ID="ID_1077619682" MODIFIED="1381609019208" POSITION="right" STYLE="fork" TEXT="New features in version 0.9.0">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<node COLOR="#407000" CREATED="1201283648829" FOLDED="true" ID="Freemind_Link_813308322" MODIFIED="1381609019199" STYLE="fork" TEXT="Main new features">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#407000" CREATED="1201283660674" ID="Freemind_Link_1390621915" MODIFIED="1229414651746" STYLE="fork" TEXT="New Editor">
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
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1201283806888" ID="Freemind_Link_1546698647" MODIFIED="1229414651758" STYLE="fork" TEXT="Notes enhancements">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      The notes do now directly belong to the main window. Even if it is not visible a tooltip indicates the content.
    </p>
  </body>
</html></richcontent>
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1201506800600" ID="Freemind_Link_9416334" MODIFIED="1381606084805" STYLE="fork" TEXT="Filter">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      Using Filters the current mindmap can be reduced to nodes satisfying certain criteria. For example, if you only want to see every node containing &quot;TODO&quot;, then you have to press on the filter symbol (the funnel symbol), the filter toolbar appears, choose &quot;edit&quot; and add the condition that the node content contains &quot;TODO&quot;. Then select the filter in the filter toolbar. Now, only the filtered nodes and its ancestors are displayed unless you choose &quot;No filtering&quot; in the toolbar.
    </p>
    <p>
      Using the settings &quot;Show ancestors&quot; and &quot;Show descendants&quot; you can influence the apperance of the parent and child nodes that are connected with the nodes being filtered.
    </p>
    <p>
      There are many different criteria filters can be based on such as a set of selected nodes, a specific icon and some attributes.
    </p>
  </body>
</html></richcontent>
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1201506806036" ID="Freemind_Link_1096073845" MODIFIED="1229414646127" STYLE="fork" TEXT="Attributes">
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
</html></richcontent>
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1201282217311" FOLDED="true" ID="Freemind_Link_849247054" MODIFIED="1381609019200" STYLE="fork" TEXT="Visual Changes">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#407000" CREATED="1201282224869" ID="Freemind_Link_1307834035" MODIFIED="1229414651763" STYLE="fork" TEXT="Tabular MindMapping Support">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      It is possible to see all currently open maps at a glance.
    </p>
  </body>
</html></richcontent>
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1201282406968" ID="Freemind_Link_101409050" MODIFIED="1229414651767" STYLE="fork" TEXT="Icon Toolbar is scrollable">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1201282319118" FOLDED="true" ID="Freemind_Link_1043646949" MODIFIED="1381609019204" STYLE="fork" TEXT="Usability Improvements">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#407000" CREATED="1201282325640" FOLDED="true" ID="Freemind_Link_556186325" MODIFIED="1381609019203" STYLE="fork" TEXT="Move in all directions">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#111111" CREATED="1201282465994" ID="Freemind_Link_924709284" MODIFIED="1229414834535" TEXT="Up and Down">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      This kind of navigation was already published in 0.8.0. But now, you can use other directions as well.
    </p>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#111111" CREATED="1201282426565" FOLDED="true" ID="Freemind_Link_481786702" MODIFIED="1381609019201" TEXT="Left and Right">
<richcontent TYPE="NOTE"><html>
  <head>
    
  </head>
  <body>
    <p>
      It is now possible to move nodes left and right. They come closer to root or move as new subnodes of the node above. The nodes can even change the side of root with this navigation. You can use it by the control+left and control+right keys.
    </p>
  </body>
</html></richcontent>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#111111" CREATED="1201282851749" ID="Freemind_Link_774463025" MODIFIED="1229414651788" TEXT="Getting higher and lower in the tree"/>
<node COLOR="#111111" CREATED="1201282843249" ID="Freemind_Link_1554785271" MODIFIED="1229414651796" TEXT="Across the root node"/>
</node>
</node>
<node COLOR="#407000" CREATED="1201282332144" ID="Freemind_Link_536412761" MODIFIED="1229414651801" STYLE="fork" TEXT="Menu items have mnemonics now">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1202399993070" ID="Freemind_Link_860723289" MODIFIED="1229414651805" STYLE="fork" TEXT="Format changes are now available at a single dialog">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1202400125364" ID="Freemind_Link_1848794893" MODIFIED="1229414651809" STYLE="fork" TEXT="New Pattern editor">
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
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1203059325942" ID="Freemind_Link_1489168699" MODIFIED="1229414651813" STYLE="fork" TEXT="Automatic Layout Customizable">
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
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1202400209358" ID="Freemind_Link_60926823" MODIFIED="1381609007066" STYLE="fork" TEXT="Search &amp; Replace Dialog">
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
        Find as you type: when you start to specify your search text, it starts to reduce the amount of displayed nodes. It searches for the text inside the nodes text only (attached notes are searched, if you use version 1.0.0 or higher).
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
        Direct access: if you press enter inside the table, the mind map displays the selected node (menu item &quot;select&quot; and &quot;select and close&quot;).
      </li>
      <li>
        Replace: it is possible to replace all occurences or only the nodes belonging to the selected lines.
      </li>
      <li>
        Export: new striking possibility. Select some nodes and export them to a new mindmap. This makes it easy to generate a todo list from a hierachical mind map. For example, if you mark every todo item with the bell sign, then simply sort this list by icon and mark those containing the bell. Then press &quot;export&quot; and you get all these nodes as single nodes in a new map.
      </li>
    </ul>
  </body>
</html></richcontent>
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1208893265045" ID="ID_224953554" MODIFIED="1229414646113" STYLE="fork" TEXT="Icons">
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
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1201282939150" FOLDED="true" ID="Freemind_Link_150258579" MODIFIED="1381609019205" STYLE="fork" TEXT="New Exports">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#407000" CREATED="1201282945124" ID="Freemind_Link_1356291624" MODIFIED="1381608183474" STYLE="fork" TEXT="As flash and as a Java applet">
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
    <p>
      
    </p>
    <p>
      <b>Due to increased security measures, both exports are only working, when the results are put into a webspace behind a web server.</b>
    </p>
  </body>
</html></richcontent>
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
<node COLOR="#407000" CREATED="1201506466515" FOLDED="true" ID="Freemind_Link_676471791" MODIFIED="1381609019206" STYLE="fork" TEXT="Scripting Support">
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
        c is the current controller. It is a freemind.modes.mindmapmode.MindMapController. This controller <b>should</b>&#xa0; &#xa0;&#xa0;&#xa0;be used to change information. For example, if you want to change the nodes text or if you want to add children. The methods that can be used are sumarized in freemind.modes.mindmapmode.actions.MindMapActions.
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
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
<node COLOR="#407000" CREATED="1201506580407" ID="Freemind_Link_1055396713" MODIFIED="1229414646108" STYLE="fork" TEXT="Little FreeMind Scripting Guide">
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
        {<br/>&#x9;&#x9;def current =stack.pop();<br/>&#x9;&#x9;print current.getShortText(c) + ", ";<br/>&#x9;&#x9;stack.addAll(current.getChildren());<br/>&#x9;}</pre>
        <br/>
        <br/>
        
      </li>
      <li>
        Real world example: nodes may have an attribute "work" that specifies the work needed for the specific work package (e.g. in days). This script computes the sum of all work packages such that each node gets an attribute "sum" containing the amount of work needed for all descendants. This script, if executed via Alt+F8, automatically applies to the root of the map. But, every time, you change the values, you have to reexecute this script.<br/><br/>

        <pre>def calcWork(child) {
&#x9;def sum = 0;
&#x9;def it = child.childrenUnfolded(); 
&#x9;while(it.hasNext()) { 
&#x9;&#x9;def child2 = it.next(); 
&#x9;&#x9;sum += calcWork(child2);
&#x9;&#x9;def w = child2.getAttribute("work");
&#x9;&#x9;if(w != null)
&#x9;&#x9;&#x9;sum += Integer.parseInt( w);
&#x9;}
&#x9;if(sum&gt;0)
&#x9;&#x9;c.editAttribute(child, "sum", (String) sum);
&#x9;return sum;
}

calcWork(c.getRootNode());</pre>
      </li>
      <li>
        A very advanced example: the last script is integrated into a listener that detects node changes, so the sums are always recreated when a node is changed. This script introduces a new element in scripting: the "cookies". It is a usual HashMap where scripts can store values that they need the next time, they are executed. For every map, there is a new cookie map, such that cookies are map local. Moreover, they are not stored persistently and are lost after termination of FreeMind or after closing a map. In this example, they serve as a static variable in which it is stored whether or not the script was already executed and which listener was used in order to deregister the old one first.<br/>

        <pre>class MyNodeListener implements freemind.modes.ModeController.NodeSelectionListener {
&#x9;freemind.modes.mindmapmode.MindMapController c;
        MyNodeListener(freemind.modes.mindmapmode.MindMapController con) {
&#x9;&#x9;this.c = con;
&#x9;&#x9;}

&#x9;&#x9;/** 
         * Sent, if a node is changed
         * */
        void onUpdateNodeHook(freemind.modes.MindMapNode node){&#x9;&#x9;
&#x9;&#x9;&#x9;calcWork(c.getRootNode());
&#x9;&#x9;};

        /** Is sent when a node is selected.
         */
        void onSelectHook(freemind.view.mindmapview.NodeView node){};
        /**
         * Is sent when a node is deselected.
         */
        void onDeselectHook(freemind.view.mindmapview.NodeView node){};

&#x9;&#x9;/**
&#x9;&#x9; * Is issued before a node is saved (eg. to save its notes, too, even if the notes is currently edited).
&#x9;&#x9; */
&#x9;&#x9;void onSaveNode(freemind.modes.MindMapNode node){};

def calcWork(child) {
&#x9;def sum = 0;
&#x9;def it = child.childrenUnfolded(); 
&#x9;while(it.hasNext()) { 
&#x9;&#x9;def child2 = it.next(); 
&#x9;&#x9;sum += calcWork(child2);
&#x9;&#x9;def w = child2.getAttribute("work");
&#x9;&#x9;if(w != null)
&#x9;&#x9;&#x9;sum += Integer.parseInt( w);
&#x9;}
&#x9;if(sum&gt;0)
&#x9;&#x9;c.editAttribute(child, "sum", (String) sum);
&#x9;return sum;
}

}

def cookieKey = "work_update_listener";
if(cookies.get(cookieKey) != null) {
&#x9;c.deregisterNodeSelectionListener(cookies.get(cookieKey));
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

&#x9;class IconComparator implements java.util.Comparator {
&#x9;&#x9;&#x9;int compare(java.lang.Object pArg0, java.lang.Object pArg1) {
&#x9;&#x9;&#x9;&#x9;if (pArg0 instanceof MindMapNode) {
&#x9;&#x9;&#x9;&#x9;&#x9;MindMapNode node1 = (MindMapNode) pArg0;
&#x9;&#x9;&#x9;&#x9;&#x9;if (pArg1 instanceof MindMapNode) {
&#x9;&#x9;&#x9;&#x9;&#x9;&#x9;MindMapNode node2 = (MindMapNode) pArg1;
&#x9;&#x9;&#x9;&#x9;&#x9;&#x9;String iconText1 = getIconText(node1);
&#x9;&#x9;&#x9;&#x9;&#x9;&#x9;String iconText2 = getIconText(node2);
&#x9;&#x9;&#x9;&#x9;&#x9;&#x9;//print "comparing" + iconText1 + " with " + iconText2 + "\n";
&#x9;&#x9;&#x9;&#x9;&#x9;&#x9;return iconText1.compareToIgnoreCase(iconText2);
&#x9;&#x9;&#x9;&#x9;&#x9;}
&#x9;&#x9;&#x9;&#x9;}
&#x9;&#x9;&#x9;&#x9;return 0;
&#x9;&#x9;&#x9;}
&#x9;&#x9;def getIconText(MindMapNode n) {
&#x9;&#x9;&#x9;if(n.getIcons() == null || n.getIcons().size()==0) 
&#x9;&#x9;&#x9;&#x9;return "";
&#x9;&#x9;&#x9;def retString = "";
&#x9;&#x9;&#x9;def it = n.getIcons().iterator();
&#x9;&#x9;&#x9;while(it.hasNext()) {
&#x9;&#x9;&#x9;&#x9;retString +=it.next().getName()+", ";
&#x9;&#x9;&#x9;}
&#x9;&#x9;&#x9;return retString;
&#x9;&#x9;}
&#x9;}


&#x9;&#x9;// we want to sort the children of the node:
&#x9; &#x9;Vector children = new Vector();
&#x9;&#x9;// put in all children of the node
&#x9;&#x9;children.addAll(node.getChildren());
&#x9;&#x9;// sort them
&#x9;&#x9;java.util.Collections.sort(children, new IconComparator());
&#x9;&#x9;//print "The set has " + children.size() + " entries\n";
&#x9;&#x9;// now, as it is sorted. we cut the children
&#x9;&#x9;def it2 = children.iterator();
&#x9;&#x9;while (it2.hasNext()) {
&#x9;&#x9;&#x9;MindMapNode child = (MindMapNode) it2.next();
&#x9;&#x9;&#x9;Vector childList = new Vector();
&#x9;&#x9;&#x9;childList.add(child);
&#x9;&#x9;&#x9;Transferable cut = c.cut(childList);
&#x9;&#x9;&#x9;// paste directly again causes that the node is added as the last one.
&#x9;&#x9;&#x9;c.paste(cut, node);
&#x9;&#x9;}
&#x9;&#x9;c.select(c.getNodeView(node));</pre>
      </li>
      <li>
        A presentation script. Everytime you select a node, all other nodes are closed and this node is expanded by one. Just give it a try..<br/>

        <pre>class MyNodeListener implements freemind.modes.ModeController.NodeSelectionListener {
&#x9;freemind.modes.mindmapmode.MindMapController c;
        MyNodeListener(freemind.modes.mindmapmode.MindMapController con) {
&#x9;&#x9;this.c = con;
&#x9;&#x9;}

&#x9;&#x9;/** 
         * Sent, if a node is changed
         * */
        void onUpdateNodeHook(freemind.modes.MindMapNode node){&#x9;&#x9;
&#x9;&#x9;};

        /** Is sent when a node is selected.
         */
        void onSelectHook(freemind.view.mindmapview.NodeView node){
&#x9;&#x9;&#x9;if(c.getSelecteds().size()&gt;1)
&#x9;&#x9;&#x9;&#x9;return;
&#x9;&#x9;&#x9;// unfold node:
&#x9;&#x9;&#x9;c.setFolded(node.getModel(), false);
&#x9;&#x9;&#x9;// fold every child:
                def it2 = node.getModel().childrenUnfolded().iterator();
                while (it2.hasNext()) {
                        def child = it2.next();
&#x9;&#x9;&#x9;&#x9;  c.setFolded(child, true);
&#x9;&#x9;&#x9;}
&#x9;&#x9;&#x9;// close everything else:
&#x9;&#x9;&#x9;foldEverybody(node.getModel().getParent(),node.getModel());
&#x9;&#x9;};
        /**
         * Is sent when a node is deselected.
         */
        void onDeselectHook(freemind.view.mindmapview.NodeView node){};

&#x9;&#x9;/**
&#x9;&#x9; * Is issued before a node is saved (eg. to save its notes, too, even if the notes is currently edited).
&#x9;&#x9; */
&#x9;&#x9;void onSaveNode(freemind.modes.MindMapNode node){};
def foldEverybody(child, exception) {
&#x9;&#x9;if(child == null || child.isRoot())
&#x9;&#x9;&#x9;return;
        def it = child.childrenUnfolded();
        while(it.hasNext()) {
                def child2 = it.next();
&#x9;&#x9;&#x9;if(child2 != exception) {
&#x9;&#x9;&#x9;&#x9;c.setFolded(child2, true);
&#x9;&#x9;&#x9;}
        }
&#x9;if(!child.getParent().isRoot())
&#x9;&#x9;foldEverybody(child.getParent(), exception.getParent());
}


}

def cookieKey = "presentation_listener";
if(cookies.get(cookieKey) != null) {
&#x9;c.deregisterNodeSelectionListener(cookies.get(cookieKey));
}
def newListener = new MyNodeListener(c);
cookies.put(cookieKey, newListener);
c.registerNodeSelectionListener(newListener);</pre>
      </li>
    </ul>
  </body>
</html></richcontent>
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
<node COLOR="#407000" CREATED="1204696614656" ID="ID_491680673" MODIFIED="1229414646104" STYLE="fork" TEXT="How to install a script as a menu item">
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
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<font NAME="SansSerif" SIZE="12"/>
</node>
</node>
</node>
<node COLOR="#407000" CREATED="1354041409110" FOLDED="true" ID="ID_1185769793" LINK="http://freemind.sourceforge.net/wiki/index.php/FreeMind_1.0.0:_The_New_Features" MODIFIED="1381952434393" POSITION="right" STYLE="fork" TEXT="New features in version 1.0.0">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<node COLOR="#407000" CREATED="1354041534617" ID="ID_485992024" MODIFIED="1354049372607" STYLE="fork" TEXT="Clones are supported">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354041542053" FOLDED="true" ID="ID_76396394" MODIFIED="1381952433991" STYLE="fork" TEXT="Collaboration via Network is supported">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<node COLOR="#407000" CREATED="1354049334525" ID="ID_1490791817" MODIFIED="1381952287293" STYLE="fork" TEXT="Basic Locking support">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<node COLOR="#407000" CREATED="1381952289497" ID="ID_1621621924" MODIFIED="1381952311311" STYLE="fork" TEXT="Long duration operations block other clients from chaning the mindmap">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1381952280886" ID="ID_69779772" MODIFIED="1381952317898" STYLE="fork" TEXT="But: node editing is not locked">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<icon BUILTIN="messagebox_warning"/>
</node>
</node>
<node COLOR="#407000" CREATED="1354049334525" ID="ID_787700684" MODIFIED="1354297058791" STYLE="fork" TEXT="Notifications about changes are sent to the master and then distributed to clients.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049334525" ID="ID_338941685" MODIFIED="1354297058794" STYLE="fork" TEXT="Minimal security added: a password must be known to connect. But, each message (even the password) is sent open.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049334527" ID="ID_239293753" MODIFIED="1354297058795" STYLE="fork" TEXT="Compression: each message over the network is compressed.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049334528" ID="ID_1574037231" MODIFIED="1354297058796" STYLE="fork" TEXT="The connection parameters to the master are displayed in the title bar of each member. Thus, it is easy to invite others.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049334530" ID="ID_747999418" MODIFIED="1354297058797" STYLE="fork" TEXT="The members are displayed in the title of each member as well (update interval: 5 seconds).">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
</node>
<node COLOR="#407000" CREATED="1354041568484" ID="ID_1396819699" MODIFIED="1354049372560" STYLE="fork" TEXT="Nodes can be associated to geographical locations">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049151325" ID="ID_172673644" MODIFIED="1354297058798" STYLE="fork" TEXT="Added spell checking. Thanks to the author Eicke.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354041626034" ID="ID_728564704" MODIFIED="1354297058799" STYLE="fork" TEXT="New feature: restore of tabs and zoom implemented">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049017472" ID="ID_497763930" MODIFIED="1354049372550" STYLE="fork" TEXT="QuickView Support for Mac OSX">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1381608934842" ID="ID_1904579132" MODIFIED="1381608967326" STYLE="fork" TEXT="A new folding circle can be clicked to fold/unfold">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049159148" FOLDED="true" ID="ID_1174384551" MODIFIED="1381609020878" STYLE="fork" TEXT="Little changes">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
<node COLOR="#407000" CREATED="1354041615600" ID="ID_1369145907" MODIFIED="1354297058800" STYLE="fork" TEXT="New plugin: jump to last edit location (like ctrl+q in eclipse)">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354048984649" ID="ID_1556364315" MODIFIED="1354297058801" STYLE="fork" TEXT="Export of branches to PDF added.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049001883" ID="ID_86589059" MODIFIED="1354297058801" STYLE="fork" TEXT="Export to pdf opens viewer afterwards.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049046101" ID="ID_1605954762" MODIFIED="1354297058802" STYLE="fork" TEXT="New functionality: Paste images from clipboard. Thanks to Anantha!">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049051829" ID="ID_1932974359" MODIFIED="1354297058803" STYLE="fork" TEXT="New functionality: &quot;File changed on disk: do you want to reload?&quot;">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049063363" ID="ID_455905559" MODIFIED="1354297058804" STYLE="fork" TEXT="Opening documents from explorer will open it in a running instance.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049091543" ID="ID_1011967939" MODIFIED="1354297058805" STYLE="fork" TEXT="Now, find treats notes, too.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049078229" ID="ID_482054062" LINK="https://sourceforge.net/projects/freemind/forums/forum/320014/topic/4777695" MODIFIED="1354297058805" STYLE="fork" TEXT="Option added to avoid tooltips for notes.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049083460" ID="ID_1907102486" MODIFIED="1354297058806" STYLE="fork" TEXT="Paste as plain text added: you get a single node with the copied text as the paste result.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049098227" ID="ID_858423743" MODIFIED="1354297058807" STYLE="fork" TEXT="Change of root node added">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049134360" ID="ID_81088554" LINK="https://sourceforge.net/tracker/?func=detail&amp;atid=307118&amp;aid=3442896&amp;group_id=7118" MODIFIED="1354297058808" STYLE="fork" TEXT="Patch: filter by &quot;not containing icon&quot;">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049256848" ID="ID_481234903" MODIFIED="1354297058809" STYLE="fork" TEXT="Export of multiple nodes as PDF (for each node, there will be one separate PDF) possible.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
<node COLOR="#407000" CREATED="1354049311677" ID="ID_1888591328" MODIFIED="1354297058811" STYLE="fork" TEXT="Http-Proxies can be used, settings can be entered in the preferences dialog.">
<edge COLOR="#808080" STYLE="bezier" WIDTH="thin"/>
</node>
</node>
</node>
</node>
</map>
