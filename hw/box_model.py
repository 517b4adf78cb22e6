"""The enclosure as solids, built with build123d from hw/enclosure.json: the console box and a seat pod,
every panel finger-jointed so that the laser-cut or printed parts assemble, and the bought parts inside
as plain blocks, so that a check can see that each has its place and a picture can show it.

Coordinates: millimetres, x to seat 4's side (right), y to seat 3's side (back), z up from the box's
outside bottom; seen from above, seat 1 is at the front. ``box(src)`` and ``pod(src)`` return a
``Shell``; hw/box.py writes its files from them.
"""
import math
import os
import sys

from build123d import (Box, Circle, Cylinder, Plane, Pos, Rectangle, RectangleRounded, RegularPolygon, Rot, Sphere,
                       Vector, extrude)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import enclosure  # noqa: E402  (the table and its check)

NORMALS = {"front": (0, -1, 0), "left": (-1, 0, 0), "back": (0, 1, 0), "right": (1, 0, 0)}
CORNER_OWNERS = ("front", "back")  # these walls own the corners' even finger cells, the side walls the odd


class Panel:
    """One flat part: its outline with holes in its own plane (seen from outside), where that plane sits,
    and the solid. ``optional`` are holes only the battery option needs; ``engrave`` are marks to engrave."""

    def __init__(self, name, face, plane, t, optional=(), engrave=(), cutters=()):
        self.name = name
        self.face = face
        self.optional = list(optional)
        self.engrave = list(engrave)
        self.plane = plane
        local = extrude(face, t)
        for hole in self.optional:
            local -= extrude(hole, t)
        for cutter in cutters:  # 3D-only shaping, such as the window's chamfer
            local -= cutter
        self.solid = plane * local


class Shell:
    """A finger-jointed box: its panels, the bought parts inside, and the joints (pairs of panels and the
    region of space they share between them, which together they must fill exactly)."""

    def __init__(self, panels, parts, joints):
        self.panels = panels        # {name: Panel}
        self.parts = parts          # {name: solid}
        self.joints = joints        # [(panel a, panel b, region solid)]


def odd_count(length, finger):
    """Fingers along an edge: an odd number (so both ends match) near length / finger, at least 3."""
    n = max(3, round(length / finger))
    return n if n % 2 else n + 1


def cells(a, b, n):
    return [(a + (b - a) * i / n, a + (b - a) * (i + 1) / n) for i in range(n)]


def wall_face(length, height, t, finger, owns_even_corners):
    """A wall seen from outside, u across, v up from its bottom edge: fingers at both ends (the corners)
    and along the bottom edge (the floor's)."""
    face = Pos(0, height / 2) * Rectangle(length, height)
    for i, (a, b) in enumerate(cells(0, height, odd_count(height, finger))):
        if (i % 2 == 0) != owns_even_corners:
            for side in (-1, 1):
                face -= Pos(side * (length - t) / 2, (a + b) / 2) * Rectangle(t, b - a)
    for j, (a, b) in enumerate(cells(-length / 2 + t, length / 2 - t, odd_count(length - 2 * t, finger))):
        if j % 2 == 0:  # the floor's tab
            face -= Pos((a + b) / 2, t / 2) * Rectangle(b - a, t)
    return face


def floor_face(size, t, finger):
    """The floor seen from above: its corners are the walls', and along each edge the tabs alternate with
    the walls' (the floor has the first and last)."""
    face = Rectangle(size, size)
    edge = size / 2 - t / 2
    for sx in (-1, 1):
        for sy in (-1, 1):
            face -= Pos(sx * edge, sy * edge) * Rectangle(t, t)
    for j, (a, b) in enumerate(cells(-size / 2 + t, size / 2 - t, odd_count(size - 2 * t, finger))):
        if j % 2 == 1:
            for s in (-1, 1):
                face -= Pos((a + b) / 2, s * edge) * Rectangle(b - a, t)
                face -= Pos(s * edge, (a + b) / 2) * Rectangle(t, b - a)
    return face


def wall_plane(size, t, side):
    """The plane of a wall's inner face, x across as seen from outside, z (its thickness) outward."""
    n = Vector(*NORMALS[side])
    return Plane(origin=n * (size / 2 - t), x_dir=Vector(0, 0, 1).cross(n), z_dir=n)


def hole_faces(src, cut, u, v):
    """The 2D outline(s) a cut-out removes, centred at (u, v) of its panel's plane."""
    shape = enclosure.hole(src, cut)
    if shape[0] == "circle":
        return [Pos(u, v) * Circle(shape[1] / 2)]
    if shape[0] == "rect":
        return [Pos(u, v) * RectangleRounded(shape[1], shape[2], shape[3])]
    if shape[0] == "display":
        return [Pos(u, v) * Rectangle(shape[1], shape[2])]
    holes = [Pos(u, v) * Circle(shape[1] / 2)]
    for i in range(cut["count"]):
        a = 2 * math.pi * i / cut["count"]
        holes.append(Pos(u + cut["ring"] * math.cos(a), v + cut["ring"] * math.sin(a)) * Circle(shape[1] / 2))
    return holes


def corner_holes(src, size):
    """The corner standoffs' screw holes, in the lid and the floor."""
    d = enclosure.hole(src, {"part": "screw_m3"})[1]
    at = size / 2 - src["corner_standoff_inset"]
    return [Pos(sx * at, sy * at) * Circle(d / 2) for sx in (-1, 1) for sy in (-1, 1)]


def hex_post(src, part, length):
    """A hex standoff, standing on the XY plane."""
    return extrude(RegularPolygon(src["parts"][part]["across flats"] / math.sqrt(3), 6), length)


def shell(src, kind, faces, floor_holes=()):
    """The six panels of a box or pod. ``faces`` maps "lid" and each wall side to its face kind in
    enclosure.json, or to None for a plain wall."""
    t, finger = src["material"], src["finger"]
    size, height = src[kind]["width"], src[kind]["height"]
    wall_h = enclosure.wall_height(src, kind)
    panels = {}
    for side in NORMALS:
        face = wall_face(size, wall_h, t, finger, side in CORNER_OWNERS)
        required, optional = [], []
        for cut in enclosure.face_cutouts(src, faces[side]) if faces[side] else []:
            holes = hole_faces(src, cut, cut["x"] - size / 2, wall_h - cut["y"])
            (optional if cut.get("optional") else required).extend(holes)
        for hole in required:
            face -= hole
        panels[side] = Panel("%s wall, %s" % (kind, side), face, wall_plane(size, t, side), t, optional)
    floor = floor_face(size, t, finger)
    for hole in corner_holes(src, size) + list(floor_holes):
        floor -= hole
    panels["floor"] = Panel("%s floor" % kind, floor, Plane.XY, t)
    lid, engrave, cutters = Rectangle(size, size), [], []
    for hole in corner_holes(src, size):
        lid -= hole
    for cut in enclosure.face_cutouts(src, faces["lid"]):
        u, v = cut["x"] - size / 2, size / 2 - cut["y"]
        for hole in hole_faces(src, cut, u, v):
            lid -= hole
        if cut.get("shape") == "display":  # chamfered on the outside, 45 degrees
            c = enclosure.display(src)["chamfer"]
            w, h = enclosure.window(src)
            engrave.append(Pos(u, v) * Rectangle(w + 2 * c, h + 2 * c))
            cutters.append(extrude(Plane.XY.offset(t - c) * Pos(u, v) * Rectangle(w, h), amount=c, taper=-45))
    panels["lid"] = Panel("%s lid" % kind, lid, Plane.XY.offset(height - t), t, engrave=engrave, cutters=cutters)
    return panels, joints(size, wall_h, t, finger)


def joints(size, wall_h, t, finger):
    """Where two panels meet: each vertical corner (two walls) and each bottom edge (a wall and the floor)."""
    found = []
    edge = size / 2 - t / 2
    corners = {("front", "left"): (-1, -1), ("front", "right"): (1, -1), ("back", "left"): (-1, 1),
               ("back", "right"): (1, 1)}
    for (a, b), (sx, sy) in corners.items():
        found.append((a, b, Pos(sx * edge, sy * edge, wall_h / 2) * Box(t, t, wall_h)))
    inner = size - 2 * t
    for side, (nx, ny, _) in NORMALS.items():
        band = Box(inner if ny else t, t if ny else inner, t)
        found.append((side, "floor", Pos(nx * edge, ny * edge, t / 2) * band))
    return found


def wall_point(src, kind, side, u, v):
    """A point on a wall's inner face: u across as seen from outside, v up from the box's bottom."""
    plane = wall_plane(src[kind]["width"], src["material"], side)
    return plane.origin + plane.x_dir * u + Vector(0, 0, v)


def usb_wall(src):
    return enclosure.SEAT_SIDES[src["usb_wall_seat"]]


def box(src):
    """The console box with the main board, Pico, display, piezo, key carrier, GX12 sockets, LiPo, charger
    (on its riser) and power switch in their places."""
    t, p = src["material"], src["parts"]
    size, height = src["box"]["width"], src["box"]["height"]
    inner = size / 2 - t
    top = height - t  # the lid's underside
    faces = {side: "wall" for side in NORMALS}
    faces[usb_wall(src)] = "usb wall"
    faces["lid"] = "lid"
    cuts = {c["name"]: c for c in enclosure.face_cutouts(src, "usb wall")}
    parts = {}

    # The main board against the USB wall, the Pico at its wall edge with its port behind its opening.
    bw, bd, bt = p["board"]["size"]
    pico_w, pico_l, pico_t = p["pico"]["size"]
    port = wall_point(src, "box", usb_wall(src), cuts["Pico USB"]["x"] - size / 2, enclosure.usb_height(src))
    inward = -Vector(*NORMALS[usb_wall(src)])
    gap = 0.5  # between a board's edge and the wall
    board_centre = port + inward * (gap + bd / 2)
    stack = src["pico_stack"]
    board_z = t + stack["standoff"]
    rot = Rot(0, 0, 90 * (abs(inward.X) > 0.5))  # the board's long side runs inward
    parts["main board"] = Pos(board_centre.X, board_centre.Y, board_z + bt / 2) * rot * Box(bw, bd, bt)
    posts, floor_holes = [], []
    screw_d = enclosure.hole(src, {"part": "screw_m3"})[1]
    across = Vector(-inward.Y, inward.X)  # the board's x, seen from above with the USB wall at the top
    for x, y in enclosure.board_holes(src):
        at = board_centre + across * (x - bw / 2) + inward * (y - bd / 2)
        posts.append(Pos(at.X, at.Y, t) * hex_post(src, "standoff", stack["standoff"]))
        floor_holes.append(Pos(at.X, at.Y) * Circle(screw_d / 2))
    parts["board standoffs"] = posts[0].fuse(*posts[1:])
    pico_z = board_z + bt + stack["header socket"] + stack["header pin spacer"]
    lift = pico_z - (board_z + bt)
    pico_centre = port + inward * (gap + pico_l / 2)
    parts["Pico on its header sockets"] = Pos(pico_centre.X, pico_centre.Y, board_z + bt + (lift + pico_t) / 2) * \
        rot * Box(pico_w, pico_l, lift + pico_t)
    parts_l = bd - pico_l - 2
    parts_centre = port + inward * (gap + bd - parts_l / 2)
    parts["board's parts"] = Pos(parts_centre.X, parts_centre.Y, board_z + bt + p["board"]["parts height"] / 2) * \
        rot * Box(bw, parts_l, p["board"]["parts height"])

    # The charger beside it, raised on a riser so its port meets its opening at the same height.
    cw, cl, ct = p["charger_boost"]["size"]
    cport = wall_point(src, "box", usb_wall(src), cuts["charger USB"]["x"] - size / 2, enclosure.usb_height(src))
    charger_z = enclosure.usb_height(src) - p["charger_boost"]["port centre above the board"] - ct
    c_centre = cport + inward * (gap + cl / 2)
    parts["charger"] = Pos(c_centre.X, c_centre.Y, charger_z + ct / 2) * rot * Box(cw, cl, ct)
    parts["charger riser"] = Pos(c_centre.X, c_centre.Y, (t + charger_z) / 2) * rot * Box(cw, cl, charger_z - t)
    sw = cuts["power switch"]
    sw_w, sw_h, sw_l = p["sw_power"]["body"]
    sw_at = wall_point(src, "box", usb_wall(src), sw["x"] - size / 2, enclosure.wall_height(src, "box") - sw["y"])
    sw_centre = sw_at + inward * (sw_l / 2)
    parts["power switch"] = Pos(sw_centre.X, sw_centre.Y, sw_centre.Z) * rot * Box(sw_w, sw_l, sw_h)

    # A GX12 socket behind each wall.
    gx_d, gx_l = p["conn_seat"]["body"]
    socket = src["faces"]["wall"][0]
    for seat, side in enclosure.SEAT_SIDES.items():
        at = wall_point(src, "box", side, socket["x"] - size / 2, enclosure.wall_height(src, "box") - socket["y"])
        n = Vector(*NORMALS[side])
        axis = Rot(90, 0, 0) if abs(n.Y) > 0.5 else Rot(0, 90, 0)
        mid = at - n * (gx_l / 2)
        parts["seat %d socket" % seat] = Pos(mid.X, mid.Y, mid.Z) * axis * Cylinder(gx_d / 2, gx_l)

    # Under the lid: the display module, the piezo, the key carrier on its standoffs.
    lid_cuts = {c["name"]: c for c in src["faces"]["lid"]}
    win = lid_cuts["display window"]
    mw, mh, mt = enclosure.display(src)["module"]
    parts["display module"] = Pos(win["x"] - size / 2, size / 2 - win["y"], top - mt / 2) * Box(mw, mh, mt)
    pz = lid_cuts["piezo"]
    parts["piezo"] = Pos(pz["x"] - size / 2, size / 2 - pz["y"], top - p["piezo"]["height"] / 2) * \
        Cylinder(p["piezo"]["d"] / 2, p["piezo"]["height"])
    kw, kd, kt = p["board_keys"]["size"]
    key_y = size / 2 - lid_cuts["key ok"]["y"]
    carrier_top = top - p["standoff"]["length"]
    parts["key carrier"] = Pos(0, key_y, carrier_top - kt / 2) * Box(kw, kd, kt)
    screws = [c for c in src["faces"]["lid"] if c["name"] == "key carrier screw"]
    key_posts = [Pos(c["x"] - size / 2, key_y, carrier_top) * hex_post(src, "standoff", p["standoff"]["length"])
                 for c in screws]
    parts["key carrier standoffs"] = key_posts[0].fuse(*key_posts[1:])
    key = p["tact_console"]
    caps = [Pos(c["x"] - size / 2, key_y, carrier_top + key["height"] / 2) * Cylinder(key["cap"] / 2, key["height"])
            for c in src["faces"]["lid"] if c.get("part") == "tact_console"]
    parts["console keys"] = caps[0].fuse(*caps[1:])

    # The LiPo on the floor, clear of the boards.
    lw, ld, lt = p["lipo"]["size"]
    parts["LiPo"] = Pos(inner - lw / 2 - 22, 0, t + lt / 2) * Box(lw, ld, lt)
    parts["corner standoffs"] = corner_posts(src, "box")
    panels, found = shell(src, "box", faces, floor_holes)
    return Shell(panels, parts, found)


def corner_posts(src, kind):
    """The four standoff stacks that hold the lid, floor to lid."""
    t = src["material"]
    at = src[kind]["width"] / 2 - src["corner_standoff_inset"]
    posts = [Pos(sx * at, sy * at, t) * hex_post(src, "standoff_lid", enclosure.standoff_stack(src))
             for sx in (-1, 1) for sy in (-1, 1)]
    return posts[0].fuse(*posts[1:])


def pod(src):
    """A seat pod: the button in its lid, the cable gland in the wall that faces the box (its back)."""
    t, p = src["material"], src["parts"]
    size, height = src["pod"]["width"], src["pod"]["height"]
    faces = {"front": None, "left": None, "right": None, "back": "pod wall", "lid": "pod lid"}
    panels, found = shell(src, "pod", faces)
    button = src["faces"]["pod lid"][0]
    bx, by = button["x"] - size / 2, size / 2 - button["y"]
    body_d, body_l = p["btn_arcade"]["body"]
    dome = p["btn_arcade"]["dome"]
    parts = {"button body": Pos(bx, by, height - t - body_l / 2) * Cylinder(body_d / 2, body_l),
             "button dome": Pos(bx, by, height) * dome_shape(dome),
             "corner standoffs": corner_posts(src, "pod")}
    gland = src["faces"]["pod wall"][0]
    gd, gl = p["gland_pod"]["body"]
    at = wall_point(src, "pod", "back", gland["x"] - size / 2, enclosure.wall_height(src, "pod") - gland["y"])
    parts["cable gland"] = Pos(at.X, at.Y + t + gl / 2, at.Z) * Rot(90, 0, 0) * Cylinder(gd / 2, gl)
    return Shell(panels, parts, found)


def dome_shape(d):
    """A dome button's cap: a low spherical cap of diameter d on the panel."""
    h = d * 0.3
    r = (d * d / 4 + h * h) / (2 * h)
    cap = Pos(0, 0, h - r) * Sphere(r)
    return cap & Pos(0, 0, h / 2) * Box(d, d, h)


def placed(solid, angle, distance):
    """A pod's solid turned to face the box and set ``distance`` from its centre."""
    return Rot(0, 0, angle) * Pos(0, -distance, 0) * solid


SEAT_ANGLES = {1: 0, 2: -90, 3: 180, 4: 90}  # turns a pod built at the front to its seat's side
